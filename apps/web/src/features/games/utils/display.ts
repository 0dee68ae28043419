import { useTranslation } from 'react-i18next';
import { formatTime, useFormat } from '@/lib/format';

/**
 * A winning pattern's name, and its description, in the interface language. The English texts in
 * i18n/en.json are packages/core's own (a test keeps them equal); an id the app does not know is shown as it is.
 */
export function usePatternText() {
  const { t, i18n } = useTranslation();
  return {
    name: (id: string) =>
      i18n.exists(`games.patterns.${id}`) ? t(`games.patterns.${id}` as 'games.free') : id,
    description: (id: string) =>
      i18n.exists(`games.patternDescriptions.${id}`)
        ? t(`games.patternDescriptions.${id}` as 'games.free')
        : '',
  };
}

/** The colours of a ball by its column: one map with the room and the hall display (lib/ball-colours.ts). */
export { BALL_COLOURS, ballColour } from '@/lib/ball-colours';

/** Since this day a shuffle leaves the order as it was (product/draw.md#shuffles); before, it reordered it. */
export const SHUFFLES_KEEP_ORDER_SINCE = '2026-11-26T12:00:00.000Z';

/** When an action of a game's story happened, as the server keeps it (GameDetail's calls and shuffles). */
export type StoryTime = { at: string | null; receivedAt: string | null; clock: 'room' | 'server' };

/** A room's time and the server's receipt further apart than this are both shown. */
export const CLOCK_GAP_MS = 60_000;

/**
 * What to say of a story time: the room's clock, the server's receipt (the room's clock was not believed), both
 * when they are more than a minute apart, or nothing recorded.
 */
export function storyTime(
  time: StoryTime,
):
  | { kind: 'unknown' }
  | { kind: 'room' | 'server'; at: string }
  | { kind: 'both'; at: string; received: string } {
  if (!time.at) return { kind: 'unknown' };
  if (time.clock === 'server') return { kind: 'server', at: time.at };
  const gap = time.receivedAt ? Math.abs(Date.parse(time.receivedAt) - Date.parse(time.at)) : 0;
  return time.receivedAt && gap > CLOCK_GAP_MS
    ? { kind: 'both', at: time.at, received: time.receivedAt }
    : { kind: 'room', at: time.at };
}

/** A story time in words, in the interface language: 'called 2:02:05 PM (room), received 2:20:11 PM'. */
export function useStoryTimeText() {
  const { t } = useTranslation();
  const { language } = useFormat();
  const time = (iso: string) => formatTime(iso, language, true);
  return (value: StoryTime, action: 'call' | 'shuffle'): string => {
    const said = storyTime(value);
    switch (said.kind) {
      case 'unknown':
        return t('games.history.times.unknown');
      case 'server':
        return t('games.history.times.server', { time: time(said.at) });
      case 'room':
        return t('games.history.times.room', { time: time(said.at) });
      default:
        return t(action === 'call' ? 'games.history.times.calledBoth' : 'games.history.times.mixedBoth', {
          at: time(said.at),
          received: time(said.received),
        });
    }
  };
}
