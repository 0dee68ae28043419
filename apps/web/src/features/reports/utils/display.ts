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
