// Recharts (~90 KB gzipped) lives in this module only; the dashboard imports it lazily, so the figures and
// tiles are on screen before it arrives on a slow connection, and the sign-in route never loads it
// (decision 032).
import { useLayoutEffect, useRef } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { useWide } from '@/components/use-wide';

const MUTED = 'var(--color-ink-muted)';
const GRID = 'var(--color-line)';

/**
 * The thinnest bar a chart draws (px). Thirty days of two series on a 390 px phone were 1 px hairlines (issue
 * 20): a chart too narrow for this scrolls sideways in its card instead, opened on its newest days.
 */
export const MIN_BAR_SIZE = 5;
/** Between the bars of one day (px); Recharts' default, 4, is most of a phone's day. */
const BAR_GAP = 1;
/** Each side of a day's group of bars, a fraction of the day's width (Recharts' barCategoryGap). */
const CATEGORY_GAP = 0.08;
const BAR_MARGIN = { top: 8, right: 4, bottom: 0, left: 0 };

/** The axes' widths: a phone's are narrower, so the bars keep most of the screen. */
const axisWidths = (wide: boolean) => ({ left: wide ? 64 : 48, right: wide ? 40 : 32 });

/**
 * The narrowest chart (px) in which every bar is at least MIN_BAR_SIZE wide, by Recharts' own sizing: a day's
 * width, less CATEGORY_GAP on each side and BAR_GAP between its bars, is shared by its bars (then rounded).
 */
export function minBarChartWidth(days: number, series: number, axes: number): number {
  const day = (series * MIN_BAR_SIZE + (series - 1) * BAR_GAP) / (1 - 2 * CATEGORY_GAP);
  return Math.ceil(days * day) + axes + BAR_MARGIN.left + BAR_MARGIN.right;
}

const tooltipStyle = {
  borderRadius: 8,
  border: '1px solid var(--color-line)',
  boxShadow: 'var(--shadow-raised)',
  fontSize: 13,
};
const tick = { fill: MUTED, fontSize: 12 };

/** One line or set of bars: its field in the rows, its name and colour, and how its values read. */
export interface ChartSeries {
  key: string;
  name: string;
  color: string;
  /** Counts beside an amount go on their own axis, on the right. */
  axis?: 'left' | 'right';
  format: (value: number) => string;
}

/** One day: its axis label, its full name (the tooltip's title) and a value per series. */
export interface ChartRow {
  label: string;
  title: string;
  [key: string]: number | string;
}

export interface DayChartProps {
  data: ChartRow[];
  series: ChartSeries[];
  height: number;
  /** The left axis's labels (amounts without the currency); the right one shows whole numbers. */
  leftTick: (value: number) => string;
}

function useParts({ data, series, leftTick }: DayChartProps) {
  const wide = useWide();
  const byKey = new Map(series.map((s) => [s.key, s]));
  const right = series.some((s) => s.axis === 'right');
  const widths = axisWidths(wide);
  return {
    /** How wide the axes are together (px). */
    axesWidth: widths.left + (right ? widths.right : 0),
    axes: [
      <XAxis
        key="x"
        dataKey="label"
        tick={tick}
        tickLine={false}
        axisLine={{ stroke: GRID }}
        // Seven days all get their label on a laptop; a phone, and thirty days, get as many as fit.
        interval={data.length <= 7 && wide ? 0 : 'preserveStartEnd'}
        minTickGap={wide ? 8 : 4}
      />,
      <YAxis
        key="left"
        yAxisId="left"
        width={widths.left}
        tick={tick}
        tickFormatter={(value: number) => leftTick(value)}
        tickLine={false}
        axisLine={false}
      />,
      right && (
        <YAxis
          key="right"
          yAxisId="right"
          orientation="right"
          allowDecimals={false}
          width={widths.right}
          tick={tick}
          tickLine={false}
          axisLine={false}
        />
      ),
    ],
    tooltip: (
      <Tooltip
        cursor={{ fill: 'var(--color-surface-muted)' }}
        contentStyle={tooltipStyle}
        labelFormatter={(label, payload) => String(payload?.[0]?.payload?.title ?? label)}
        formatter={(value, name, item) => {
          const s = byKey.get(String(item.dataKey));
          return [s ? s.format(Number(value)) : String(value), s?.name ?? name];
        }}
      />
    ),
    legend: series.length > 1 && <Legend iconType="circle" iconSize={8} wrapperStyle={{ fontSize: 12 }} />,
  };
}

/**
 * Bars per day (several series side by side), e.g. earnings per weekday or games and players per day. Every bar
 * is at least MIN_BAR_SIZE wide: where the card is narrower than that needs (30 days on a phone), the chart
 * scrolls sideways, opened on its newest days; a laptop's card is wide enough and does not scroll.
 */
export function DayBarChart(props: DayChartProps) {
  const { data, series, height } = props;
  const { axes, axesWidth, tooltip, legend } = useParts(props);
  const minWidth = minBarChartWidth(data.length, series.length, axesWidth);
  const scroller = useRef<HTMLDivElement>(null);
  // Opened on the newest days (the right end), where the reader looks first.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollLeft = element.scrollWidth;
  }, []);
  return (
    <div ref={scroller} className="overflow-x-auto overscroll-x-contain">
      <BarChart
        responsive
        // The card gives the same figures as a table: the chart is a picture, not a keyboard stop.
        accessibilityLayer={false}
        data={data}
        margin={BAR_MARGIN}
        barGap={BAR_GAP}
        barCategoryGap={`${CATEGORY_GAP * 100}%`}
        style={{ width: '100%', minWidth, height }}
      >
        <CartesianGrid vertical={false} stroke={GRID} />
        {axes}
        {tooltip}
        {legend}
        {series.map((s) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.name}
            yAxisId={s.axis ?? 'left'}
            fill={s.color}
            radius={[4, 4, 0, 0]}
            maxBarSize={48}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </div>
  );
}

/** A line per series over the days, e.g. the daily revenue of the last 30 days. */
export function DayLineChart(props: DayChartProps) {
  const { data, series, height } = props;
  const { axes, tooltip, legend } = useParts(props);
  return (
    <LineChart
      responsive
      accessibilityLayer={false}
      data={data}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      style={{ width: '100%', height }}
    >
      <CartesianGrid vertical={false} stroke={GRID} />
      {axes}
      {tooltip}
      {legend}
      {series.map((s) => (
        <Line
          key={s.key}
          dataKey={s.key}
          name={s.name}
          yAxisId={s.axis ?? 'left'}
          type="monotone"
          stroke={s.color}
          strokeWidth={2}
          dot={data.length <= 14}
          isAnimationActive={false}
        />
      ))}
    </LineChart>
  );
}
