import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FetchMock } from '@/test/utils';
import { compileFirst, makeUser, renderApp, signedIn } from '@/test/utils';
import { assignedAnswer, gamesAnswer } from '../testing';

function asAgent() {
  const user = makeUser();
  return signedIn(user, {
    'GET /api/games/my-games': gamesAnswer([]),
    'GET /api/cartelas/my-cartelas': assignedAnswer([1, 2, 3]),
  });
}

async function openWizard() {
  renderApp('/game');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Create New Game' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Create New Game' }));
  return { user, dialog, custom: dialog.getByLabelText('Custom amount (birr)') };
}

const posts = (fetchMock: FetchMock) => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

compileFirst(
  () => import('../pages/games-page'),
  () => import('./create-game-wizard'),
);

/** Issue 19 point 3, decision 061: the custom stake is refused, never rewritten. */
describe('Create New Game, custom stake', () => {
  it.each(['12.5', '12.50', '-5', '1e3', '٣', ' 12 ', '0'])(
    "refuses '%s' as typed, with the message, and goes nowhere",
    async (text) => {
      const fetchMock = asAgent();
      const { user, dialog, custom } = await openWizard();
      await user.type(custom, text);
      expect(custom).toHaveValue(text);
      expect(custom).toHaveAccessibleDescription('Enter a whole number of birr, at least 1');
      expect(custom).toHaveAttribute('aria-invalid', 'true');
      expect(dialog.queryByText(/Stake:/)).not.toBeInTheDocument();
      expect(dialog.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
      await user.type(custom, '{Enter}');
      expect(dialog.getByText('Step 1 of 3: Money Level')).toBeInTheDocument();
      expect(posts(fetchMock)).toHaveLength(0);
    },
    20_000,
  );

  it("takes '12' as ETB 12 per player", async () => {
    asAgent();
    const { user, dialog, custom } = await openWizard();
    await user.type(custom, '12');
    expect(custom).not.toHaveAttribute('aria-invalid');
    expect(dialog.getByText(/Stake: ETB\s12\.00 per player/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(await dialog.findByText('Step 2 of 3: Pattern')).toBeInTheDocument();
  }, 20_000);
});
