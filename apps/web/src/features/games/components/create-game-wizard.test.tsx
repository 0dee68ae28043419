import type { SessionUser } from '@cartela/contract';
import { MONEY_LEVELS_ETB, PATTERN_IDS, PATTERNS } from '@cartela/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '@/i18n';
import type { FetchMock, Routes } from '@/test/utils';
import { compileFirst, json, makeUser, renderApp, signedIn } from '@/test/utils';
import { assignedAnswer, gamesAnswer, makeDetail, makeGame } from '../testing';

/** Cartelas 1-10 and 20 are the agent's. */
const MINE = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20];

function asAgent(routes: Routes = {}, user: SessionUser = makeUser()) {
  return signedIn(user, {
    'GET /api/games/my-games': gamesAnswer([]),
    'GET /api/cartelas/my-cartelas': assignedAnswer(MINE),
    ...routes,
  });
}

async function openWizard() {
  renderApp('/game');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Create New Game' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create New Game' });
  return { user, dialog: within(dialog) };
}

/** Money level `amount`, the default pattern, then the cartela step. */
async function toCartelas(amount = '50') {
  const opened = await openWizard();
  const { user, dialog } = opened;
  await user.click(dialog.getByRole('button', { name: new RegExp(`^ETB\\s${amount}$`) }));
  await user.click(dialog.getByRole('button', { name: 'Continue' }));
  await user.click(dialog.getByRole('button', { name: 'Next' }));
  await dialog.findByRole('list', { name: 'Cartelas 1-300' });
  return opened;
}

/**
 * A toast, not the same words in the dialog. (By its element: the open dialog hides the rest of the page from
 * role queries, toasts included.)
 */
function toast(text: string) {
  return waitFor(
    () => {
      const found = screen.getAllByText(text).find((el) => el.closest('[data-sonner-toast]'));
      if (!found) throw new Error(`No toast '${text}'`);
      return found;
    },
    { timeout: 3000 },
  );
}
const posts = (fetchMock: FetchMock) =>
  fetchMock.mock.calls.filter(([input, init]) => init?.method === 'POST' && String(input) === '/api/games');
const keyOf = (call: unknown[]) => new Headers((call[1] as RequestInit).headers).get('Idempotency-Key');

compileFirst(
  () => import('../pages/games-page'),
  () => import('./create-game-wizard'),
);

describe('Create New Game, step 1: Money Level', () => {
  it('offers the preset levels of core and a custom amount, each clearing the other; Continue only with an amount', async () => {
    asAgent();
    const { user, dialog } = await openWizard();
    expect(dialog.getByText('Step 1 of 3: Money Level')).toBeInTheDocument();
    const presets = dialog.getAllByRole('button', { pressed: false }).map((b) => b.textContent);
    expect(presets).toEqual(
      ['10', '20', '30', '40', '50', '80', '100', '150', '200'].map((n) => `ETB\u00a0${n}`),
    );
    expect(dialog.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: /^ETB\s80$/ }));
    expect(dialog.getByRole('button', { name: /^ETB\s80$/ })).toHaveAttribute('aria-pressed', 'true');
    expect(dialog.getByRole('button', { name: 'Continue' })).toBeInTheDocument();

    const custom = dialog.getByLabelText('Custom amount (birr)');
    await user.type(custom, '75');
    expect(custom).toHaveValue('75');
    expect(dialog.getByRole('button', { name: /^ETB\s80$/ })).toHaveAttribute('aria-pressed', 'false');
    expect(dialog.getByText(/Stake: ETB\s75\.00 per player/)).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: /^ETB\s150$/ }));
    expect(custom).toHaveValue('');

    // A blank custom amount is 0: no Continue.
    await user.type(custom, '0');
    expect(dialog.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    await user.clear(custom);
    expect(dialog.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();

    await user.type(custom, '10001');
    expect(dialog.getByText('The amount is at most 10,000 birr.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Continue' })).toBeDisabled();
  }, 20_000);
});

describe('Create New Game, step 2: Pattern', () => {
  it("offers the agent's enabled patterns as 'name - description', full house first chosen, with Back and Next", async () => {
    const mine = ['x-pattern', 'full-house', 'agents-own', 'four-corners'] as const;
    asAgent({}, makeUser({ winningPatterns: [...mine] }));
    const { user, dialog } = await openWizard();
    await user.click(dialog.getByRole('button', { name: /^ETB\s20$/ }));
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(dialog.getByText('Step 2 of 3: Pattern')).toBeInTheDocument();

    const select = dialog.getByRole('combobox', { name: 'Winning pattern' });
    // In core's order, only the enabled ones.
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(
      PATTERNS.filter((p) => (mine as readonly string[]).includes(p.id)).map(
        (p) => `${p.name} - ${p.description}`,
      ),
    );
    expect(select).toHaveValue('full-house');
    await user.selectOptions(select, 'agents-own');
    expect(dialog.getByText(/you decide every claim yourself/)).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Back' }));
    expect(dialog.getByRole('button', { name: /^ETB\s20$/ })).toHaveAttribute('aria-pressed', 'true');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(dialog.getByRole('combobox', { name: 'Winning pattern' })).toHaveValue('agents-own');
    await user.click(dialog.getByRole('button', { name: 'Next' }));
    expect(dialog.getByText('Step 3 of 3: Cartelas')).toBeInTheDocument();
  }, 20_000);

  it('chooses the first enabled pattern when full house is not enabled', async () => {
    asAgent({}, makeUser({ winningPatterns: ['plus', 'four-corners'] }));
    const { user, dialog } = await openWizard();
    await user.click(dialog.getByRole('button', { name: /^ETB\s20$/ }));
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(dialog.getByRole('combobox', { name: 'Winning pattern' })).toHaveValue('four-corners');
  }, 20_000);

  it('says so, and goes no further, when no pattern is enabled for the agent', async () => {
    asAgent({}, makeUser({ winningPatterns: [] }));
    const { user, dialog } = await openWizard();
    await user.click(dialog.getByRole('button', { name: /^ETB\s20$/ }));
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('No winning pattern is enabled for you yet.');
    expect(dialog.queryByRole('combobox', { name: 'Winning pattern' })).not.toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();
  }, 20_000);
});

describe('Create New Game, step 3: Cartelas', () => {
  it('adds one cartela by its number, only an assigned one not yet selected', async () => {
    asAgent();
    const { user, dialog } = await toCartelas();
    const start = dialog.getByRole('button', { name: 'Start Game' });
    expect(start).toBeDisabled();
    expect(dialog.getByText('11 cartelas are assigned to you.')).toBeInTheDocument();

    const single = dialog.getByLabelText('Cartela number');
    await user.type(single, '15{Enter}');
    expect(
      await toast('Cartela 15 is not assigned to you. Please select from your assigned cartelas.'),
    ).toBeInTheDocument();
    await user.clear(single);
    await user.type(single, '5{Enter}');
    expect(dialog.getByText('1 cartela selected')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Cartela 5' })).toHaveAttribute('aria-pressed', 'true');
    expect(start).toBeEnabled();

    await user.type(single, '5{Enter}');
    expect(dialog.getByText('Cartela 5 is already selected.')).toBeInTheDocument();
  }, 20_000);

  it('adds the assigned cartelas of a range and names the others', async () => {
    asAgent();
    const { user, dialog } = await toCartelas();
    await user.type(dialog.getByLabelText('From'), '8');
    await user.type(dialog.getByLabelText('To'), '25{Enter}');
    expect(
      await toast('Cartelas 11-19, 21-25 are not assigned to you. Only assigned cartelas will be added.'),
    ).toBeInTheDocument();
    expect(await toast('Added 4 assigned cartelas to selection.')).toBeInTheDocument();
    expect(dialog.getByText('4 cartelas selected')).toBeInTheDocument();

    await user.type(dialog.getByLabelText('From'), '300');
    await user.type(dialog.getByLabelText('To'), '2');
    await user.click(dialog.getByRole('button', { name: 'Add range' }));
    expect(dialog.getByText('Enter a range within 1-300, its start not above its end.')).toBeInTheDocument();
    expect(dialog.getByText('4 cartelas selected')).toBeInTheDocument();
  }, 20_000);

  it('toggles an assigned cartela on a click, refuses the others, and clears the selection', async () => {
    asAgent();
    const { user, dialog } = await toCartelas();
    await user.click(dialog.getByRole('button', { name: 'Cartela 150, not assigned to you' }));
    expect(await toast('Cartela 150 is not assigned to you.')).toBeInTheDocument();
    expect(dialog.getByText('0 cartelas selected')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Cartela 20' }));
    await user.click(dialog.getByRole('button', { name: 'Cartela 1' }));
    expect(dialog.getByRole('button', { name: 'Cartela 20' })).toHaveAttribute('aria-pressed', 'true');
    expect(dialog.getByText('2 cartelas selected')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cartela 20' }));
    expect(dialog.getByRole('button', { name: 'Cartela 20' })).toHaveAttribute('aria-pressed', 'false');
    expect(dialog.getByText('1 cartela selected')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Clear' }));
    expect(dialog.getByText('0 cartelas selected')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Start Game' })).toBeDisabled();
  }, 20_000);

  it("shows core's totals: players, total, commission, prize, the coins it costs and those left", async () => {
    asAgent({}, makeUser({ commissionPercentage: 12.5, virtualCoins: 1000 }));
    const { user, dialog } = await toCartelas('30');
    await user.type(dialog.getByLabelText('From'), '1');
    await user.type(dialog.getByLabelText('To'), '7{Enter}');

    const totals = within(dialog.getByRole('region', { name: 'Before you start' }));
    const value = (label: string | RegExp) => totals.getByText(label).nextElementSibling?.textContent;
    // 7 x 30 = 210; 12.5% = 26.25; prize 183.75; coins ceil(26.25) = 27.
    expect(value('Stake per player')).toMatch(/ETB\s30\.00/);
    expect(value('Players')).toBe('7');
    expect(value('Total amount')).toMatch(/ETB\s210\.00/);
    expect(value('Commission (12.5%)')).toMatch(/ETB\s26\.25/);
    expect(value('Prize')).toMatch(/ETB\s183\.75/);
    expect(value('Coin cost')).toBe('27 coins');
    expect(value('Coins left after')).toBe('973 coins');
    expect(totals.queryByText('Insufficient virtual coins')).not.toBeInTheDocument();
  }, 20_000);

  it('warns a virtual-coin agent without enough coins, and lets the server decide', async () => {
    asAgent({}, makeUser({ virtualCoins: 10 }));
    const { user, dialog } = await toCartelas('200');
    await user.type(dialog.getByLabelText('From'), '1');
    await user.type(dialog.getByLabelText('To'), '3{Enter}');
    const totals = within(dialog.getByRole('region', { name: 'Before you start' }));
    expect(totals.getByText('Insufficient virtual coins')).toBeInTheDocument();
    expect(
      totals.getByText('This game costs 60 coins and you have 10. Ask your administrator for more coins.'),
    ).toBeInTheDocument();
    expect(totals.getByText('-50 coins')).toBeInTheDocument();
  }, 20_000);

  it('shows no coins to a commission-share agent', async () => {
    asAgent({}, makeUser({ financialModel: 'commission-share', virtualCoins: 0 }));
    const { user, dialog } = await toCartelas('200');
    await user.click(dialog.getByRole('button', { name: 'Cartela 2' }));
    const totals = within(dialog.getByRole('region', { name: 'Before you start' }));
    expect(totals.queryByText('Coin cost')).not.toBeInTheDocument();
    expect(totals.queryByText('Insufficient virtual coins')).not.toBeInTheDocument();
  }, 20_000);
});

describe('Start Game', () => {
  it('sends one Idempotency-Key per game, the same on a retry after a lost answer, then opens the room', async () => {
    const created = makeDetail({
      gameId: 'G-20251123-NEWGAME1',
      status: 'active',
      drawSeed: null,
      calledNumbers: [],
      totalCalls: 0,
      shuffles: [],
    });
    let attempt = 0;
    let meCalls = 0;
    const fetchMock = asAgent({
      'GET /api/auth/me': () => {
        meCalls += 1;
        return json(200, { user: makeUser({ virtualCoins: meCalls > 1 ? 976 : 1000 }) });
      },
      'POST /api/games': () => {
        attempt += 1;
        if (attempt === 1) throw new TypeError('Failed to fetch');
        return json(201, { message: 'Game created successfully!', gameId: created.gameId, game: created });
      },
      [`GET /api/games/${created.gameId}`]: () => json(200, { game: created }),
    });
    const { user, dialog } = await toCartelas('40');
    await user.type(dialog.getByLabelText('From'), '1');
    await user.type(dialog.getByLabelText('To'), '6{Enter}');
    await user.click(dialog.getByRole('button', { name: 'Start Game' }));

    expect(await toast('Failed to create game')).toBeInTheDocument();
    expect(dialog.getByRole('alert')).toHaveTextContent('Cannot reach the server');
    await user.click(dialog.getByRole('button', { name: 'Start Game' }));

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/game/G-20251123-NEWGAME1'),
    );
    expect(await toast('Game created successfully!')).toBeInTheDocument();
    const [first, second] = posts(fetchMock);
    expect(keyOf(first!)).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(second!)).toBe(keyOf(first!));
    // The create payload (product/screens.md#create-game-wizard), with the fields the game keeps (the patterns
    // offered, the money levels).
    expect(JSON.parse(String(second![1]!.body))).toEqual({
      stake: 40,
      cartelaNumbers: [1, 2, 3, 4, 5, 6],
      selectedPattern: 'full-house',
      numberOfPlayers: 6,
      gameMode: 'specific-pattern',
      enabledPatterns: PATTERN_IDS.filter((id) =>
        ['full-house', 'four-corners', 'any-one-line'].includes(id),
      ),
      moneyLevels: MONEY_LEVELS_ETB.map((amount) => ({ amount, label: `${amount} Birr` })),
      customMoneyLevel: 0,
      voiceSpeed: 1,
    });
    // The coins in the navigation bar are read again.
    await waitFor(() => expect(meCalls).toBeGreaterThan(1));
  }, 20_000);

  it("shows 'Insufficient virtual coins' for a 402, and the next try is a new submission", async () => {
    const fetchMock = asAgent({
      'POST /api/games': () =>
        json(402, { message: 'Not enough coins: 60 needed', code: 'INSUFFICIENT_COINS' }),
    });
    const { user, dialog } = await toCartelas('200');
    await user.click(dialog.getByRole('button', { name: 'Cartela 3' }));
    await user.click(dialog.getByRole('button', { name: 'Start Game' }));
    expect(await toast('Insufficient virtual coins')).toBeInTheDocument();
    expect(dialog.getByRole('alert')).toHaveTextContent('Insufficient virtual coins');
    await user.click(dialog.getByRole('button', { name: 'Start Game' }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(2));
    const [first, second] = posts(fetchMock);
    expect(keyOf(second!)).not.toBe(keyOf(first!));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/game$/);
  }, 20_000);

  it('keeps a custom amount as the custom money level', async () => {
    const fetchMock = asAgent({
      'POST /api/games': () => json(400, { message: 'Refused', code: 'VALIDATION_FAILED' }),
    });
    const { user, dialog } = await openWizard();
    await user.type(dialog.getByLabelText('Custom amount (birr)'), '25');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    await user.click(dialog.getByRole('button', { name: 'Next' }));
    await user.click(await dialog.findByRole('button', { name: 'Cartela 3' }));
    await user.click(dialog.getByRole('button', { name: 'Start Game' }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(posts(fetchMock)[0]![1]!.body))).toMatchObject({
      stake: 25,
      customMoneyLevel: 25,
      gameMode: 'specific-pattern',
    });
  }, 20_000);

  it('marks the cartelas of a game not over, and shows a CARTELA_IN_PLAY refusal under the cartelas, in English and Amharic', async () => {
    const running = makeGame({
      gameId: 'G-20251122-RUNNING1',
      status: 'active',
      cartelaNumbers: [3, 4],
      finishedAt: null,
    });
    const refusal = {
      message: 'Cartelas 3, 4 are in game G-20251122-RUNNING1, not over yet: finish it first',
      code: 'CONFLICT',
      reason: 'CARTELA_IN_PLAY',
      field: 'cartelaNumbers',
    };
    asAgent({
      'GET /api/games/my-games': gamesAnswer([running]),
      'POST /api/games': () => json(409, refusal),
    });
    const { user, dialog } = await toCartelas('10');
    // The running game's cartelas are marked in the grid (the server is the judge: they can still be picked).
    const three = await dialog.findByRole('button', { name: 'Cartela 3, in game #RUNNING1, not over yet' });
    expect(dialog.getByText('In a game not over')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Cartela 5' })).toBeInTheDocument();
    await user.click(three);
    await user.click(dialog.getByRole('button', { name: 'Start Game' }));
    // In English the server's message, under the cartelas.
    expect(await dialog.findByText(refusal.message)).toHaveAttribute('role', 'alert');
    // A change of the selection takes it away.
    await user.click(dialog.getByRole('button', { name: 'Cartela 5' }));
    expect(dialog.queryByText(refusal.message)).not.toBeInTheDocument();

    await applyLanguage('am');
    await user.click(dialog.getByRole('button', { name: 'ጨዋታውን ጀምር' }));
    expect(
      await dialog.findByText('ካርቴላ 3 ገና ባላለቀ ጨዋታ (#RUNNING1) ውስጥ ነው፦ መጀመሪያ ጨዋታውን ይጨርሱ'),
    ).toHaveAttribute('role', 'alert');
    await applyLanguage('en');
  }, 20_000);

  it("shows the server's message when it gives one", async () => {
    asAgent({
      'POST /api/games': () =>
        json(400, { message: 'Cartela 3 is not active', code: 'VALIDATION_FAILED', field: 'cartelaNumbers' }),
    });
    const { user, dialog } = await toCartelas('10');
    await user.click(dialog.getByRole('button', { name: 'Cartela 3' }));
    await user.click(dialog.getByRole('button', { name: 'Start Game' }));
    expect(await toast('Cartela 3 is not active')).toBeInTheDocument();
  }, 20_000);
});
