import type { GameDetail } from '@cartela/contract';
import { ballLabel } from '@cartela/core';
import { Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useGameCartela } from '@/api/games';
import { BingoCard } from '@/components/ui/bingo-card';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useFormat } from '@/lib/format';
import { usePatternText } from '../utils/display';

type WinnerGame = Pick<
  GameDetail,
  'gameId' | 'winners' | 'winnerCartelaNumber' | 'winningPattern' | 'calledNumbers' | 'totalCalls' | 'prize'
>;

interface Winner {
  cartelaNumber: number;
  patternId: string;
  lastBall: number | null;
  callCount: number;
  /** Its part of the prize (decision 062: winners on the same ball split it). */
  prizeShare: number;
}

/** The confirmed winners; an older record may name only winnerCartelaNumber. */
function winnersOf(game: WinnerGame): Winner[] {
  if (game.winners.length > 0) return game.winners;
  if (game.winnerCartelaNumber === null) return [];
  return [
    {
      cartelaNumber: game.winnerCartelaNumber,
      patternId: game.winningPattern,
      lastBall: game.calledNumbers.at(-1) ?? null,
      callCount: game.totalCalls,
      prizeShare: game.prize,
    },
  ];
}

function WinningCard({ game, winner, sharedBy }: { game: WinnerGame; winner: Winner; sharedBy: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const pattern = usePatternText();
  const cartela = useGameCartela(game.gameId, winner.cartelaNumber);
  // The balls called up to the win: they are the marked cells of the winning card.
  const marked = new Set(game.calledNumbers.slice(0, winner.callCount));
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <div className="space-y-1.5 sm:w-44">
        <p className="text-2xl font-bold text-ink">
          {t('games.history.winner.cartela', { n: winner.cartelaNumber })}
        </p>
        <p className="text-sm text-ink-muted">
          {t('games.history.winner.pattern', { pattern: pattern.name(winner.patternId) })}
        </p>
        {winner.lastBall !== null && (
          <p className="text-sm text-ink-muted">
            {t('games.history.winner.lastBall', { ball: ballLabel(winner.lastBall), call: winner.callCount })}
          </p>
        )}
        <p className="text-sm font-semibold text-ink">
          {sharedBy > 1
            ? t('games.history.winner.prizeShared', {
                amount: format.etb(winner.prizeShare),
                count: sharedBy,
              })
            : t('games.history.winner.prize', { amount: format.etb(winner.prizeShare) })}
        </p>
      </div>
      <div className="min-w-0">
        {cartela.isPending && (
          <Spinner label={t('games.history.winner.cardLoading')} className="text-brand-600" />
        )}
        {cartela.isError && <p className="text-sm text-danger-700">{t('games.history.winner.cardFailed')}</p>}
        {cartela.data && (
          <BingoCard
            card={cartela.data.bingoCard}
            caption={t('games.history.winner.card', { n: winner.cartelaNumber })}
            freeLabel={t('games.free')}
            marked={marked}
            size="sm"
          />
        )}
      </div>
    </div>
  );
}

/**
 * product/screens.md#game-history: the winning cartela, its pattern and its card with the free centre and the
 * called numbers marked; otherwise 'No winner in this game' / 'Game ended without a winner'.
 */
export function WinnerPanel({ game }: { game: WinnerGame }) {
  const { t } = useTranslation();
  const winners = winnersOf(game);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Trophy className="size-5 text-coin-500" aria-hidden="true" />
          {t(winners.length > 1 ? 'games.history.winner.titleMany' : 'games.history.winner.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        {winners.length === 0 ? (
          <div className="rounded-lg bg-surface-muted px-4 py-6 text-center">
            <p className="font-semibold text-ink">{t('games.history.winner.none')}</p>
            <p className="mt-1 text-sm text-ink-muted">{t('games.history.winner.noneBody')}</p>
          </div>
        ) : (
          winners.map((winner) => (
            <WinningCard key={winner.cartelaNumber} game={game} winner={winner} sharedBy={winners.length} />
          ))
        )}
      </CardContent>
    </Card>
  );
}
