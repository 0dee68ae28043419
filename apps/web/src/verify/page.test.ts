import type { PublicGame } from '@cartela/contract';
import { gameRoutes } from '@cartela/contract';
import { ballLabel, drawOrder, seedCommitment } from '@cartela/core';
import { describe, expect, it, vi } from 'vitest';
import { OROMO_MONTHS } from '@/lib/oromo-dates';
import { chooseLanguage, type Language } from './i18n';
import am from './i18n/am.json';
import om from './i18n/om.json';
import { gameIdOf, loadGame, publicGamePath } from './load';
import { type PageActions, type PageState, renderPage } from './page';

const SEED = '3b'.repeat(32);
const ORDER = drawOrder(SEED);

function finished(overrides: Partial<PublicGame> = {}): PublicGame {
  return {
    gameId: 'G7K2M9QX4TB',
    status: 'finished',
    patternId: 'four-corners',
    cartelaCount: 12,
    stake: 20,
    prize: 216,
    commitment: seedCommitment(SEED),
    createdAt: '2026-11-27T17:00:00.000Z',
    startedAt: '2026-11-27T17:01:00.000Z',
    finishedAt: '2026-11-27T17:20:00.000Z',
    calledNumbers: ORDER.slice(0, 24),
    seed: SEED,
    winners: [
      { cartelaNumber: 7, patternId: 'four-corners', lastBall: ORDER[23]!, callCount: 24, prizeShare: 216 },
    ],
    claims: [
      {
        cartelaNumber: 3,
        decision: 'block',
        reason: 'PATTERN_INCOMPLETE',
        callCount: 20,
        lastBall: ORDER[19]!,
      },
      { cartelaNumber: 7, decision: 'good-bingo', reason: 'WINNER', callCount: 24, lastBall: ORDER[23]! },
    ],
    reorderedAfter: [],
    stakesRefunded: null,
    ...overrides,
  };
}

function draw(state: PageState, language: Language = 'en', actions: Partial<PageActions> = {}) {
  const root = document.createElement('main');
  document.body.replaceChildren(root);
  renderPage(root, state, { language, setLanguage: vi.fn(), open: vi.fn(), reload: vi.fn(), ...actions });
  return root;
}

const game = (g: PublicGame): PageState => ({ kind: 'game', game: g, at: new Date() });
const callTexts = (root: HTMLElement) =>
  [...root.querySelectorAll('li[data-call]')].map((li) => li.textContent);

describe('the public /verify page', () => {
  it('a finished game: every call matches the seed, and the commitment matches', () => {
    const root = draw(game(finished()));
    expect(root.querySelector('h1')?.textContent).toBe('Game G7K2M9QX4TB');
    expect(root.querySelector('[data-verdict]')?.textContent).toBe(
      'Fair: every one of the 24 calls follows from the seed.',
    );
    expect(root.querySelector('[data-commitment]')?.textContent).toContain(
      'SHA-256 of the seed matches the commitment published before the first call.',
    );
    const calls = callTexts(root);
    expect(calls).toHaveLength(24);
    expect(calls[11]).toBe(`${ORDER[11]}Call 12: ${ballLabel(ORDER[11]!)} — matches the seed`);
    expect(root.querySelectorAll('li[data-call="ok"]')).toHaveLength(24);
    expect(root.textContent).toMatch(/Cartela 7: ETB\s216\.00, won on call 24/);
    expect(root.textContent).toContain('Cartela 3: blocked, after call 20');
    expect(root.textContent).toContain('Cartela 7: good bingo, after call 24');
    expect(root.textContent).toContain('Four Corners');
  });

  it('says why a claim won or lost on its ball: completed by it, or on which earlier ball (product/draw.md#the-claim-rule)', () => {
    const root = draw(
      game(
        finished({
          claims: [
            {
              cartelaNumber: 5,
              decision: 'block',
              reason: 'LATE_CLAIM',
              callCount: 21,
              lastBall: ORDER[20]!,
              completedOn: { ball: ORDER[19]!, callCount: 20 },
            },
            {
              cartelaNumber: 7,
              decision: 'good-bingo',
              reason: 'WINNER',
              callCount: 24,
              lastBall: ORDER[23]!,
              completedOn: { ball: ORDER[23]!, callCount: 24 },
            },
          ],
        }),
      ),
    );
    expect(root.querySelector('[data-story="completed-earlier"]')?.textContent).toBe(
      `Completed on ball 20 (${ballLabel(ORDER[19]!)}), claimed on ball 21`,
    );
    expect(root.querySelector('[data-story="completed-here"]')?.textContent).toBe('Completed by this ball');
    // A game recorded before completedOn was kept (the claims above it) says only the decision.
    expect(draw(game(finished())).querySelector('[data-story]')).toBeNull();
    const oromo = draw(
      game(finished({ claims: [{ ...finished().claims[1]!, completedOn: { ball: 1, callCount: 24 } }] })),
      'om',
    );
    expect(oromo.querySelector('[data-story]')?.textContent).toBe(om.claim.completedHere);
  });

  it("a late claim says 'late claim', not a bare 'blocked', with the ball that completed it (decision 085)", () => {
    const late = {
      cartelaNumber: 5,
      decision: 'block' as const,
      reason: 'LATE_CLAIM',
      callCount: 21,
      lastBall: ORDER[20]!,
      completedOn: { ball: ORDER[19]!, callCount: 20 },
    };
    const root = draw(game(finished({ claims: [late] })));
    const item = root.querySelector('[data-story]')!.parentElement!;
    expect(item.firstChild?.textContent).toBe('Cartela 5: late claim, blocked, after call 21');
    expect(item.textContent).toContain(`Completed on ball 20 (${ballLabel(ORDER[19]!)}), claimed on ball 21`);
    // A game recorded before completedOn was kept still says it was late, from core's reason.
    const older = draw(game(finished({ claims: [{ ...late, completedOn: undefined }] })));
    expect(older.textContent).toContain('Cartela 5: late claim, blocked, after call 21');
    expect(draw(game(finished({ claims: [late] })), 'am').textContent).toContain(
      'ካርቴላ 5፦ የዘገየ ጥያቄ፣ ታግዷል፣ ከጥሪ 21 በኋላ',
    );
  });

  it('a tampered call: names the call that differs and what the seed gives there', () => {
    const calls = ORDER.slice(0, 24);
    [calls[6], calls[9]] = [calls[9]!, calls[6]!];
    const root = draw(game(finished({ calledNumbers: calls })));
    expect(root.querySelector('[data-verdict="mismatch"]')?.textContent).toBe(
      `Not fair: call 7 was ${ballLabel(ORDER[9]!)}; the seed gives ${ballLabel(ORDER[6]!)}.`,
    );
    expect(root.querySelectorAll('li[data-call="ok"]')).toHaveLength(6);
    expect(root.querySelector('li[data-call="mismatch"]')?.textContent).toContain(
      `Call 7: ${ballLabel(ORDER[9]!)} — the seed gives ${ballLabel(ORDER[6]!)}`,
    );
    expect(root.textContent).toContain('The check stops at the first call that does not match.');
  });

  it('a tampered seed: the commitment fails, and the first call that differs from its order is named', () => {
    const other = 'c4'.repeat(32);
    const root = draw(game(finished({ seed: other })));
    const verdict = root.querySelector('[data-verdict="commitment"]')!;
    expect(verdict.textContent).toContain('this seed is not the one committed to before the first call');
    const first = ORDER.findIndex((n, i) => drawOrder(other)[i] !== n);
    expect(verdict.textContent).toContain(
      `Call ${first + 1} was ${ballLabel(ORDER[first]!)}; the seed gives ${ballLabel(drawOrder(other)[first]!)}.`,
    );
    expect(root.querySelector('[data-commitment="mismatch"]')?.textContent).toContain('does not match');
    expect(root.textContent).toContain(seedCommitment(other));
  });

  it('a running game: the calls so far, no verdict, and that the seed comes at the end', () => {
    const root = draw(
      game(
        finished({
          status: 'active',
          seed: null,
          finishedAt: null,
          winners: [],
          claims: [],
          calledNumbers: ORDER.slice(0, 3),
        }),
      ),
    );
    expect(root.querySelector('[data-verdict]')).toBeNull();
    expect(root.textContent).toContain(
      'The seed is revealed when the game ends; the commitment below was published before the first call.',
    );
    expect(callTexts(root)).toEqual(ORDER.slice(0, 3).map((n, i) => `${n}Call ${i + 1}: ${ballLabel(n)}`));
    expect(root.textContent).toContain(finished().commitment);
    expect(root.querySelector('[data-status="active"]')?.textContent).toBe('In play');
    expect(root.textContent).toContain('Refresh');
  });

  it('a cancelled game says it was cancelled and the stakes went back', () => {
    const root = draw(
      game(
        finished({
          status: 'cancelled',
          calledNumbers: [],
          winners: [],
          claims: [],
          prize: 0,
          stakesRefunded: true,
        }),
      ),
    );
    expect(root.textContent).toContain('This game was cancelled. The players got their stakes back.');
    expect(root.querySelector('[data-status="cancelled"]')?.textContent).toBe('Cancelled');
    expect(root.textContent).not.toContain('Prize');
    expect(root.textContent).toContain('No ball has been called yet.');
  });

  it('an unknown id says so; /verify alone asks for one; the form opens the game typed', () => {
    const unknown = draw({ kind: 'unknown', id: 'GZZZZZZZZZZ' });
    expect(unknown.textContent).toContain(
      'No game has the id GZZZZZZZZZZ. Check the id on the TV, or ask the agent.',
    );
    expect(unknown.querySelector('h1')?.textContent).toBe('Check a game');
    const open = vi.fn();
    const root = draw({ kind: 'ask' }, 'en', { open });
    expect(root.querySelector('h1')?.textContent).toBe('Check a game');
    const input = root.querySelector('input')!;
    input.value = ' g7k2m9qx4tb ';
    root.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    expect(open).toHaveBeenCalledWith('g7k2m9qx4tb');
  });

  it('loading, a refused burst and a failure each say so, with a way to try again', () => {
    expect(draw({ kind: 'loading', id: 'G7K2M9QX4TB' }).textContent).toContain('Loading the game…');
    const reload = vi.fn();
    const busy = draw({ kind: 'busy', id: 'G7K2M9QX4TB', seconds: 42 }, 'en', { reload });
    expect(busy.textContent).toContain('Try again in 42 seconds');
    busy.querySelector<HTMLButtonElement>('main button:not([lang])')!.click();
    expect(reload).toHaveBeenCalled();
    expect(draw({ kind: 'error', id: 'G7K2M9QX4TB' }).textContent).toContain('could not be loaded');
  });

  it('speaks Amharic, with amounts as the app writes them, and switches language', () => {
    const setLanguage = vi.fn();
    const root = draw(game(finished()), 'am', { setLanguage });
    expect(document.documentElement.lang).toBe('am');
    expect(root.querySelector('[data-verdict]')?.textContent).toBe(am.verdict.ok.replace('{{n}}', '24'));
    expect(root.textContent).toContain(am.commitmentOk);
    expect(root.textContent).toMatch(/ብር\s?216\.00/);
    const english = [...root.querySelectorAll('button[lang]')].find((b) => b.getAttribute('lang') === 'en')!;
    expect(english.getAttribute('aria-pressed')).toBe('false');
    (english as HTMLButtonElement).click();
    expect(setLanguage).toHaveBeenCalledWith('en');
  });
});

it('speaks Afaan Oromoo, with Br and the Ethiopian day in Oromo month names', () => {
  const root = draw(game(finished()), 'om');
  expect(document.documentElement.lang).toBe('om');
  expect(root.querySelector('[data-verdict]')?.textContent).toBe(om.verdict.ok.replace('{{n}}', '24'));
  expect(root.textContent).toContain(om.commitmentOk);
  expect(root.textContent).toMatch(/Br\s?216\.00/);
  expect(root.textContent).toMatch(
    new RegExp(`(${OROMO_MONTHS.join('|')}) \\d{1,2}, 20\\d\\d, \\d{1,2}:\\d\\d W[DB]`),
  );
  expect(root.querySelector('button[lang="om"]')?.textContent).toBe('Afaan Oromoo');
});

describe('reading the game', () => {
  it("reads the contract's public route", () => {
    expect(publicGamePath('G7K2M9QX4TB')).toBe(gameRoutes.publicGame.path.replace(':gameId', 'G7K2M9QX4TB'));
  });

  it('turns each answer into what the page shows', async () => {
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      vi.fn(async () => new Response(JSON.stringify(body), { status, headers })) as unknown as typeof fetch;
    expect(await loadGame('G1', answer(200, { game: finished() }))).toMatchObject({ kind: 'game' });
    expect(await loadGame('G1', answer(404, { message: 'Game not found', code: 'NOT_FOUND' }))).toEqual({
      kind: 'unknown',
      id: 'G1',
    });
    expect(await loadGame('G1', answer(429, {}, { 'retry-after': '17' }))).toEqual({
      kind: 'busy',
      id: 'G1',
      seconds: 17,
    });
    expect(await loadGame('G1', answer(500, {}))).toEqual({ kind: 'error', id: 'G1' });
    expect(await loadGame('G1', answer(200, { game: { gameId: 'G1' } }))).toEqual({
      kind: 'error',
      id: 'G1',
    });
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await loadGame('G1', offline)).toEqual({ kind: 'error', id: 'G1' });
  });

  it('finds the game id in the address, and the language in ?lang, the app, or the browser', () => {
    expect(gameIdOf('/verify')).toBeNull();
    expect(gameIdOf('/verify/')).toBeNull();
    expect(gameIdOf('/verify/g7k2m9qx4tb')).toBe('G7K2M9QX4TB');
    expect(gameIdOf('/Verify/G7K2M9QX4TB/')).toBe('G7K2M9QX4TB');
    expect(chooseLanguage('?lang=am', ['en-US'])).toBe('am');
    expect(chooseLanguage('', ['en-US'], 'am')).toBe('am');
    expect(chooseLanguage('', ['am-ET', 'en'])).toBe('am');
    expect(chooseLanguage('?lang=fr', ['fr-FR'])).toBe('en');
    expect(chooseLanguage('?lang=om', ['am-ET'])).toBe('om');
    expect(chooseLanguage('', ['om-ET', 'am'])).toBe('om');
  });
});
