// Decision 062: winners on the same ball split the prize; the room's celebration and validation modal say the
// share (core's prizeShares over the room's game prize), in English and Amharic.
import type { GameAction, GameState } from '@cartela/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '@/i18n';
import '../i18n';
import { CARD_A, playedGame } from '../model/testing';
import { ValidationModal } from './validate-dialog';
import { WinnerCelebration } from './winner-celebration';

const CARD = CARD_A;
/** The same four corners, another card (one middle number differs). */
const TWIN = CARD.map((row, r) => row.map((n, c) => (r === 1 && c === 1 ? 21 : n)));
const ALL = Array.from({ length: 75 }, (_, i) => i + 1);
const FIRST = [1, 61, 5, 65];

/** Cartelas 12 and 7 both complete four corners on the 4th ball; 12 is confirmed, then `more`. */
function tiedState(...more: GameAction[]): GameState {
  return playedGame({
    gameId: 'g1',
    patternId: 'four-corners',
    cartelas: [
      { cartelaNumber: 12, card: CARD },
      { cartelaNumber: 7, card: TWIN },
    ],
    order: [...FIRST, ...ALL.filter((n) => !FIRST.includes(n))],
    at: '2025-11-23T09:00:00.000Z',
    calls: 4,
    after: [{ type: 'validate', cartelaNumber: 12, decision: 'good-bingo' }, ...more],
  });
}

afterEach(async () => {
  await applyLanguage('en');
});

describe('a shared win in the room', () => {
  it('the validation modal says what a second GOOD BINGO on the same ball shares', () => {
    render(
      <ValidationModal
        cartelaNumber={7}
        state={tiedState()}
        readOnly={false}
        busy={null}
        prize={900.01}
        onClose={() => {}}
        onDecide={() => {}}
      />,
    );
    expect(screen.getByTestId('prize-share')).toHaveTextContent(
      'Another cartela already won on this ball: GOOD BINGO shares the prize, ETB 450.00 to this one (2 winners)',
    );
  });

  it('the celebration shows each winner its share, shared by 2 winners, in English and Amharic', async () => {
    const state = tiedState({ type: 'validate', cartelaNumber: 7, decision: 'good-bingo' });
    const { rerender } = render(
      <WinnerCelebration cartelaNumber={12} prize={900.01} winners={state.winners} onDone={() => {}} />,
    );
    expect(screen.getByText('Prize ETB 450.01, shared by 2 winners')).toBeInTheDocument();
    rerender(
      <WinnerCelebration cartelaNumber={7} prize={900.01} winners={state.winners} onDone={() => {}} />,
    );
    expect(screen.getByText('Prize ETB 450.00, shared by 2 winners')).toBeInTheDocument();
    await applyLanguage('am');
    expect(await screen.findByText('ሽልማት ብር 450.00፣ 2 አሸናፊዎች ተካፍለውታል')).toBeInTheDocument();
  });

  it("a second winner's celebration lasts its own 8 seconds, not what was left of the first's", () => {
    vi.useFakeTimers();
    try {
      const state = tiedState({ type: 'validate', cartelaNumber: 7, decision: 'good-bingo' });
      const onDone = vi.fn();
      const { rerender } = render(
        <WinnerCelebration cartelaNumber={12} prize={900} winners={state.winners} onDone={onDone} />,
      );
      vi.advanceTimersByTime(7_000);
      rerender(<WinnerCelebration cartelaNumber={7} prize={900} winners={state.winners} onDone={onDone} />);
      vi.advanceTimersByTime(7_000);
      expect(onDone).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1_000);
      expect(onDone).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a lone winner still takes the whole prize', () => {
    render(
      <WinnerCelebration cartelaNumber={12} prize={900} winners={tiedState().winners} onDone={() => {}} />,
    );
    expect(screen.getByText('Prize ETB 900.00')).toBeInTheDocument();
  });
});
