// Recharts (~90 KB gzipped) lives in this module only; the balance page imports it lazily, so the figures,
// tables and actions are usable before it arrives on a slow connection (decision 032).
import { Bar, BarChart, CartesianGrid, Cell, LabelList, Tooltip, XAxis, YAxis } from 'recharts';
import { useWide } from '@/components/use-wide';

const INK = 'var(--color-ink)';
const MUTED = 'var(--color-ink-muted)';
const GRID = 'var(--color-line)';
const BAR = 'var(--color-brand-500)';
const BAR_SOFT = 'var(--color-brand-300)';

const tooltipStyle = {
  borderRadius: 8,
  border: '1px solid var(--color-line)',
  boxShadow: 'var(--shadow-raised)',
  fontSize: 13,
};

export interface DistributionBar {
  range: string;
  count: number;
  /** The fair middle range, drawn in the strong colour. */
  fair: boolean;
}

/** Cartelas per 0.2-wide score range, each bar labelled with its count. */
export function DistributionChart({ data, valueLabel }: { data: DistributionBar[]; valueLabel: string }) {
  return (
    <BarChart
      responsive
      // The card shows the same figures as a table: the chart is a picture, not a keyboard stop.
      accessibilityLayer={false}
      data={data}
      margin={{ top: 24, right: 8, bottom: 0, left: 0 }}
      style={{ width: '100%', height: 240 }}
    >
      <CartesianGrid vertical={false} stroke={GRID} />
      <XAxis
        dataKey="range"
        tick={{ fill: MUTED, fontSize: 12 }}
        tickLine={false}
        axisLine={{ stroke: GRID }}
      />
      <YAxis
        allowDecimals={false}
        width={36}
        tick={{ fill: MUTED, fontSize: 12 }}
        tickLine={false}
        axisLine={false}
      />
      <Tooltip
        cursor={{ fill: 'var(--color-surface-muted)' }}
        contentStyle={tooltipStyle}
        formatter={(value) => [value, valueLabel]}
      />
      <Bar dataKey="count" name={valueLabel} radius={[6, 6, 0, 0]} maxBarSize={72} isAnimationActive={false}>
        {data.map((bar) => (
          <Cell key={bar.range} fill={bar.fair ? BAR : BAR_SOFT} />
        ))}
        <LabelList dataKey="count" position="top" fill={INK} fontSize={13} fontWeight={600} />
      </Bar>
    </BarChart>
  );
}

export interface RankedBar {
  name: string;
  value: number;
}

const FONT_SIZE = 12;
// Ge'ez glyphs are about half again as wide as Latin ones at the same size.
const charWidth = (char: string) => (/[\u1200-\u139F]/.test(char) ? 0.95 : 0.58) * FONT_SIZE;
const textWidth = (text: string) => [...text].reduce((sum, char) => sum + charWidth(char), 0);

/** A name in at most two lines that fit `width`; the end of a very long name becomes '…'. */
export function wrapName(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (!line || textWidth(next) <= width) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  lines.push(line);
  if (lines.length <= 2 && lines.every((l) => textWidth(l) <= width)) return lines;
  const first = lines.length > 1 && textWidth(lines[0]!) <= width ? lines[0]! : '';
  let rest = first ? lines.slice(1).join(' ') : text;
  while (rest.length > 1 && textWidth(`${rest}…`) > width) rest = rest.slice(0, -1);
  return first ? [first, `${rest}…`] : [`${rest}…`];
}

interface NameTickProps {
  x: number | string;
  y: number | string;
  payload: { value: unknown };
}

/** Horizontal bars, biggest first, each labelled with its value: long names fit, and 20 rows read on a phone. */
export function RankedChart({
  data,
  valueLabel,
  rowHeight = 30,
  nameWidth,
}: {
  data: RankedBar[];
  valueLabel: string;
  rowHeight?: number;
  /** Room for the names on a wide screen; a phone gets about two thirds of it. */
  nameWidth: number;
}) {
  const wide = useWide();
  const width = wide ? nameWidth : Math.max(48, Math.round(nameWidth * 0.68));
  const tick = ({ x, y, payload }: NameTickProps) => {
    const name = String(payload.value);
    const lines = wrapName(name, width - 10);
    const left = Number(x) - 6;
    return (
      <text x={left} y={y} textAnchor="end" fill={INK} fontSize={FONT_SIZE}>
        <title>{name}</title>
        {lines.map((line, i) => (
          <tspan key={line} x={left} dy={i === 0 ? (lines.length === 1 ? 4 : -3) : 13}>
            {line}
          </tspan>
        ))}
      </text>
    );
  };
  return (
    <BarChart
      responsive
      // The card shows the same figures as a table: the chart is a picture, not a keyboard stop.
      accessibilityLayer={false}
      layout="vertical"
      data={data}
      margin={{ top: 0, right: 40, bottom: 0, left: 0 }}
      barCategoryGap={4}
      style={{ width: '100%', height: data.length * rowHeight + 8 }}
    >
      <CartesianGrid horizontal={false} stroke={GRID} />
      <XAxis type="number" hide allowDecimals={false} />
      <YAxis
        type="category"
        dataKey="name"
        width={width}
        interval={0}
        tickLine={false}
        axisLine={false}
        tick={tick}
      />
      <Tooltip
        cursor={{ fill: 'var(--color-surface-muted)' }}
        contentStyle={tooltipStyle}
        formatter={(value) => [value, valueLabel]}
      />
      <Bar dataKey="value" name={valueLabel} fill={BAR} radius={[0, 6, 6, 0]} isAnimationActive={false}>
        <LabelList dataKey="value" position="right" fill={INK} fontSize={12} fontWeight={600} />
      </Bar>
    </BarChart>
  );
}
