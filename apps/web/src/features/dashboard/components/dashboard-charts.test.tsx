import { render, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubLayout } from '@/test/layout';
import { type ChartSeries, DayBarChart, MIN_BAR_SIZE } from './dashboard-charts';

// jsdom lays nothing out: the chart's box is given here as a browser would give it, the card's width or the
// chart's own min-width when that is wider (it then scrolls in the card). Recharts sizes the bars from it.
function layOut({ phone, cardWidth }: { phone: boolean; cardWidth: number }) {
  stubLayout({ wide: !phone });
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const width = Math.max(cardWidth, Number.parseFloat(this.style.minWidth) || 0);
    const height = Number.parseFloat(this.style.height) || 0;
    return { width, height, x: 0, y: 0, top: 0, left: 0, right: width, bottom: height, toJSON: () => ({}) };
  });
}

const days = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    label: `${i + 1}`,
    title: `Day ${i + 1}`,
    games: 20 + i,
    players: 160 + i,
  }));
const GAMES_AND_PLAYERS: ChartSeries[] = [
  { key: 'players', name: 'Players', color: 'green', format: String },
  { key: 'games', name: 'Games', color: 'blue', axis: 'right', format: String },
];

async function barWidths(n: number) {
  const { container } = render(
    <DayBarChart data={days(n)} series={GAMES_AND_PLAYERS} height={260} leftTick={String} />,
  );
  await waitFor(() => expect(container.querySelectorAll('.recharts-rectangle')).toHaveLength(n * 2));
  const chart = container.querySelector<HTMLElement>('.recharts-wrapper')!;
  const widths = [...container.querySelectorAll('.recharts-rectangle')].map((bar) =>
    Number(bar.getAttribute('width')),
  );
  return { widths, minWidth: Number.parseFloat(chart.style.minWidth) };
}

beforeEach(() => {
  vi.restoreAllMocks();
});

describe('the bar charts (issue 20: game bars were hairlines on a phone)', () => {
  it('draws 30 days of games and players on a 390 px phone with bars of 5 px or more, scrolling sideways', async () => {
    // 390 px less the page's and the card's padding: 316 px for the chart.
    layOut({ phone: true, cardWidth: 316 });
    const { widths, minWidth } = await barWidths(30);
    expect(Math.min(...widths)).toBeGreaterThanOrEqual(MIN_BAR_SIZE);
    expect(minWidth).toBeGreaterThan(316);
  });

  it('keeps a laptop card as it was: no sideways scroll, and still no hairline', async () => {
    // A 1366 px laptop: two charts side by side, about 597 px each.
    layOut({ phone: false, cardWidth: 597 });
    const { widths, minWidth } = await barWidths(30);
    expect(minWidth).toBeLessThanOrEqual(597);
    expect(Math.min(...widths)).toBeGreaterThanOrEqual(MIN_BAR_SIZE);
  });

  it('does not scroll a week on a phone', async () => {
    layOut({ phone: true, cardWidth: 316 });
    const { widths, minWidth } = await barWidths(7);
    expect(minWidth).toBeLessThanOrEqual(316);
    expect(Math.min(...widths)).toBeGreaterThanOrEqual(MIN_BAR_SIZE);
  });
});
