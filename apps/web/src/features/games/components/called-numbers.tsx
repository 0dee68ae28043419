import type { GameDetail } from '@cartela/contract';
import { ballLabel } from '@cartela/core';
import { clsx } from 'clsx';
import { Shuffle } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ballColour } from '../utils/display';

/** A called ball in its column's colour (B 1-15 ... O 61-75). */
export function Ball({ n, className }: { n: number; className?: string }) {
  return (
    <span
      className={clsx(
        'inline-flex size-11 items-center justify-center rounded-full text-sm font-bold tabular-nums shadow-sm',
        ballColour(n),
        className,
      )}
    >
      {ballLabel(n)}
    </span>
  );
}

/** Spec 02 section 2: the called numbers in call order, each with its place in the sequence; shuffles shown where they happened. */
export function CalledNumbers({ game }: { game: Pick<GameDetail, 'calledNumbers' | 'shuffles'> }) {
  const { t } = useTranslation();
  const shuffledAfter = new Set(game.shuffles.map((s) => s.afterCalls));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('games.history.called.title')}</CardTitle>
        <CardDescription>{t('games.history.called.subtitle')}</CardDescription>
      </CardHeader>
      <CardContent>
        {game.calledNumbers.length === 0 ? (
          <p className="text-sm text-ink-muted">{t('games.history.called.none')}</p>
        ) : (
          <ol
            aria-label={t('games.history.called.title')}
            className="grid grid-cols-[repeat(auto-fill,minmax(3rem,1fr))] gap-x-2 gap-y-3"
          >
            {game.calledNumbers.map((n, i) => (
              // A ball is called once per game: its number is its key.
              <Fragment key={n}>
                {i > 0 && shuffledAfter.has(i) && (
                  <li className="col-span-full flex items-center gap-2 text-xs font-medium text-ink-muted">
                    <Shuffle className="size-3.5" aria-hidden="true" />
                    {t('games.history.called.shuffled')}
                    <span className="h-px flex-1 bg-line" aria-hidden="true" />
                  </li>
                )}
                <li
                  className="flex flex-col items-center gap-1"
                  aria-label={t('games.history.called.item', { index: i + 1, ball: ballLabel(n) })}
                >
                  <span
                    className="text-[0.7rem] font-semibold text-ink-subtle tabular-nums"
                    aria-hidden="true"
                  >
                    {i + 1}
                  </span>
                  <Ball n={n} />
                </li>
              </Fragment>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
