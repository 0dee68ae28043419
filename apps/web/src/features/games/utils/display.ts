import { letterOf } from '@cartela/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format';

/** Spec 02 section 9: a game id is shown by its last 8 characters (the whole id stays in links and titles). */
export const shortGameId = (gameId: string): string => gameId.slice(-8);

/** 16.6667 -> '16.67%': rates on screen keep at most two decimals. */
export function useRate() {
  const format = useFormat();
  return (value: number) => {
    const decimals = Number.isInteger(value) ? 0 : Number.isInteger(Math.round(value * 1000) / 100) ? 1 : 2;
    return `${format.number(value, decimals)}%`;
  };
}

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

/** The colours of a ball by its column (B 1-15, I 16-30, N 31-45, G 46-60, O 61-75). */
export const BALL_COLOURS = {
  B: 'bg-sky-600 text-white',
  I: 'bg-rose-600 text-white',
  N: 'bg-slate-600 text-white',
  G: 'bg-emerald-600 text-white',
  O: 'bg-amber-400 text-amber-950',
} as const;

export const ballColour = (n: number): string => BALL_COLOURS[letterOf(n)];
