import type { GameDetail } from '@cartela/contract';
import { ballLabel } from '@cartela/core';
import { clsx } from 'clsx';
import { Shuffle } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Disclosure } from '@/components/ui/disclosure';
import { useFormat } from '@/lib/format';
import { ballColour, SHUFFLES_KEEP_ORDER_SINCE, useStoryTimeText } from '../utils/display';

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

type StoryShuffle = GameDetail['shuffles'][number];
type StoryGame = Pick<GameDetail, 'calledNumbers' | 'calls' | 'shuffles'>;

/** A shuffle as the hall's moment: the balls mixed, the order unchanged; or, for an old game, a reordering. */
function useShuffleText() {
  const { t } = useTranslation();
  const format = useFormat();
  return (shuffle: StoryShuffle) =>
    shuffle.reordered
      ? t('games.history.called.shuffledLegacy', { date: format.date(SHUFFLES_KEEP_ORDER_SINCE) })
      : shuffle.afterCalls === 0
        ? t('games.history.called.shuffledBefore')
        : t('games.history.called.shuffledKept', { count: shuffle.afterCalls });
}

function ShuffleMark({ shuffle }: { shuffle: StoryShuffle }) {
  const text = useShuffleText()(shuffle);
  return (
    <li
      className={clsx(
        'col-span-full flex items-center gap-2 text-xs font-medium',
        shuffle.reordered ? 'text-warning-800' : 'text-ink-muted',
      )}
    >
      <Shuffle className="size-3.5 shrink-0" aria-hidden="true" />
      <span>{text}</span>
      <span className="h-px min-w-4 flex-1 bg-line" aria-hidden="true" />
    </li>
  );
}

/** Each call and shuffle with its time, and whose clock that time is (collapsed: a game has up to 75 calls). */
function StoryTimes({ game }: { game: StoryGame }) {
  const { t } = useTranslation();
  const timeText = useStoryTimeText();
  const shuffleText = useShuffleText();
  const { calls } = game;
  const shufflesAt = (n: number) => game.shuffles.filter((s) => s.afterCalls === n);
  const shuffleRow = (shuffle: StoryShuffle, key: string) => (
    <li
      key={key}
      className="grid grid-cols-[2rem_minmax(0,1fr)] items-baseline gap-x-3 py-1.5 text-ink-muted"
    >
      <Shuffle className="size-3.5 justify-self-end" aria-hidden="true" />
      <span>
        <span className="block font-medium">{shuffleText(shuffle)}</span>
        <span className="block">{timeText(shuffle, 'shuffle')}</span>
      </span>
    </li>
  );
  return (
    <Disclosure summary={t('games.history.times.show')} className="mt-4" contentClassName="px-3 pb-3">
      <p className="pt-2 text-xs text-ink-muted">{t('games.history.times.note')}</p>
      <ol className="divide-y divide-line text-sm">
        {shufflesAt(0).map((s, i) => shuffleRow(s, `s0-${i}`))}
        {calls.map((call, i) => (
          <Fragment key={call.number}>
            <li className="grid grid-cols-[2rem_3.5rem_minmax(0,1fr)] items-baseline gap-x-3 py-1.5">
              <span className="text-right text-xs font-semibold text-ink-subtle tabular-nums">{i + 1}</span>
              <span className="font-bold text-ink tabular-nums">{ballLabel(call.number)}</span>
              <span className="text-ink-muted tabular-nums">{timeText(call, 'call')}</span>
            </li>
            {shufflesAt(i + 1).map((s, k) => shuffleRow(s, `s${i + 1}-${k}`))}
          </Fragment>
        ))}
      </ol>
    </Disclosure>
  );
}

/**
 * product/screens.md#game-history: the called numbers in call order, each with its place in the sequence; the
 * shuffles shown where they happened (the hall's moments), and each call's time with whose clock it is.
 */
export function CalledNumbers({ game }: { game: StoryGame }) {
  const { t } = useTranslation();
  const timeText = useStoryTimeText();
  const calls = game.calledNumbers;
  const shufflesAt = (n: number) => game.shuffles.filter((s) => s.afterCalls === n);
  const after = game.shuffles.filter((s) => s.afterCalls >= calls.length && calls.length > 0);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('games.history.called.title')}</CardTitle>
        <CardDescription>{t('games.history.called.subtitle')}</CardDescription>
      </CardHeader>
      <CardContent>
        {calls.length === 0 ? (
          <>
            <p className="text-sm text-ink-muted">{t('games.history.called.none')}</p>
            {game.shuffles.length > 0 && (
              <ul className="mt-2 space-y-1">
                {game.shuffles.map((s, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: shuffles have no id and never move
                  <ShuffleMark key={i} shuffle={s} />
                ))}
              </ul>
            )}
          </>
        ) : (
          <ol
            aria-label={t('games.history.called.title')}
            className="grid grid-cols-[repeat(auto-fill,minmax(3rem,1fr))] gap-x-2 gap-y-3"
          >
            {calls.map((n, i) => {
              const call = game.calls[i];
              const label = t('games.history.called.item', { index: i + 1, ball: ballLabel(n) });
              return (
                // A ball is called once per game: its number is its key.
                <Fragment key={n}>
                  {shufflesAt(i).map((s, k) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: shuffles have no id and never move
                    <ShuffleMark key={`s${i}-${k}`} shuffle={s} />
                  ))}
                  <li
                    className="flex flex-col items-center gap-1"
                    aria-label={label}
                    title={call ? `${label} · ${timeText(call, 'call')}` : label}
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
              );
            })}
            {after.map((s, k) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: shuffles have no id and never move
              <ShuffleMark key={`end-${k}`} shuffle={s} />
            ))}
          </ol>
        )}
        {game.calls.length + game.shuffles.length > 0 && <StoryTimes game={game} />}
      </CardContent>
    </Card>
  );
}
