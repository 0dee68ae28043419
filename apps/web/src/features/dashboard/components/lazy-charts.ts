import { lazy } from 'react';

// Recharts comes in its own chunk, after the page: the figures, tiles and lists do not wait for it.
const charts = () => import('./dashboard-charts');
export const DayBarChart = lazy(async () => ({ default: (await charts()).DayBarChart }));
export const DayLineChart = lazy(async () => ({ default: (await charts()).DayLineChart }));

export const CHART_COLORS = {
  money: 'var(--color-brand-500)',
  coins: 'var(--color-coin-500)',
  games: 'var(--color-brand-300)',
  players: 'var(--color-success-600)',
} as const;
