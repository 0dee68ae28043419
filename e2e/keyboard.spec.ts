// The wizard and the game room by keyboard alone (issue 23): an agent at a laptop wired to the TV creates a game,
// calls, pauses and judges a claim without touching the mouse; each step reached with Tab, chosen with Enter,
// Space or the arrows, and each dialog checked by axe as it opens (a11y.spec.ts checks the pages).
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signInAs, tokenFor } from './support/pages';
import { expect, test } from './support/test';

/** Presses Tab until `target` has the focus (fails after 60 presses): it is reachable by keyboard. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 60; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

test('an agent creates a game and runs it by keyboard alone', async ({ page, request }) => {
  test.slow();
  await signInAs(page, 'agent1', '/game');

  // The wizard.
  const create = page.getByRole('button', { name: /Create (New|Your First) Game/ }).first();
  await expect(create).toBeVisible();
  await tabTo(page, create);
  await page.keyboard.press('Enter');
  const wizard = page.getByRole('dialog', { name: 'Create New Game' });
  await expect(wizard.getByText('Step 1 of 3: Money Level')).toBeVisible();
  await expectAccessible(page, 'wizard, money level');
  await tabTo(page, wizard.getByRole('button', { name: /^ETB\s20$/ }));
  await page.keyboard.press('Space');
  await tabTo(page, wizard.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');

  await expect(wizard.getByText('Step 2 of 3: Pattern')).toBeVisible();
  await expectAccessible(page, 'wizard, pattern');
  const pattern = wizard.getByRole('combobox', { name: 'Winning pattern' });
  await tabTo(page, pattern);
  const before = await pattern.inputValue();
  await page.keyboard.press('ArrowDown');
  await expect(pattern).not.toHaveValue(before);
  await tabTo(page, wizard.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');

  await expect(wizard.getByText('Step 3 of 3: Cartelas')).toBeVisible();
  await expectAccessible(page, 'wizard, cartelas');
  await tabTo(page, wizard.getByLabel('From'));
  await page.keyboard.type('41');
  await tabTo(page, wizard.getByLabel('To', { exact: true }));
  await page.keyboard.type('60');
  await tabTo(page, wizard.getByRole('button', { name: 'Add range' }));
  await page.keyboard.press('Enter');
  await expect(wizard.getByText('20 cartelas selected')).toBeVisible();
  await tabTo(page, wizard.getByRole('button', { name: 'Start Game' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/game\/G[0-9A-Z]{10}$/);

  // The room: the shortcuts it lists in its settings panel (Space calls, P pauses, V validates).
  const callNext = page.getByRole('button', { name: 'Call Next', exact: true });
  await expect(callNext).toBeEnabled({ timeout: 20_000 });
  // The board's lit numbers: one more for each call.
  const called = page.locator('main [data-called]');
  await page.locator('body').focus();
  for (let i = 1; i <= 3; i++) {
    // Space calls once the voice has spoken the last ball (pacing 'wait', docs/decisions/082).
    await expect(callNext).toBeEnabled({ timeout: 20_000 });
    await page.keyboard.press('Space');
    await expect(called).toHaveCount(i, { timeout: 10_000 });
  }
  await expectAccessible(page, 'room with calls');

  await page.keyboard.press('v');
  const validate = page.getByRole('dialog', { name: 'Validate' });
  await expect(validate).toBeVisible();
  await expect(validate.getByLabel('Cartela number')).toBeFocused();
  await page.keyboard.type('41');
  await page.keyboard.press('Enter');
  const card = page.getByRole('dialog', { name: 'Cartela #41' });
  await expect(card).toBeVisible();
  await expectAccessible(page, 'the claimed cartela');
  // Three balls complete no pattern but the agent's own: the card is blocked by keyboard.
  const block = card.getByRole('button', { name: 'BLOCK CARTELA' });
  await tabTo(page, block);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Cartela blocked - not a winner yet!').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();

  // Calling goes on from the keyboard once the dialogs are closed.
  await page.locator('body').focus();
  await page.keyboard.press('Enter');
  await expect(called).toHaveCount(4, { timeout: 10_000 });

  // The claim key: B stops calling and opens the check on the ball on screen.
  await page.keyboard.press('b');
  await expect(validate).toBeVisible();
  await expect(validate.getByTestId('claim-pin')).toHaveText(/^Claim on [BINGO]-\d+, ball 4$/);
  await page.keyboard.press('Escape');
  await expect(validate).toBeHidden();

  // The round is played to its end (a game with calls is never cancelled): its cartelas are free again for the
  // worker's next tests (a cartela is in one unfinished game at a time, product/draw.md#invariants).
  await expect(page.getByText('Synced', { exact: true })).toBeVisible({ timeout: 20_000 });
  const gameId = page.url().split('/').at(-1)!;
  const finished = await request.post(`/api/games/${gameId}/finish`, {
    headers: { Authorization: `Bearer ${await tokenFor(request, 'agent1')}` },
  });
  expect(finished.status(), await finished.text()).toBe(200);
});
