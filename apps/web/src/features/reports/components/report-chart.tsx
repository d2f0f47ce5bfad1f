import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

import type { ChartPoint, ChartSeries, DrillTarget } from '../model/report-definition';
import { compactAmount, formatAmount } from '@/lib/money';

/** Values are minor units (money), counts, or hours (the definitions chart minutes / 60). */
function axisText(format: 'money' | 'count' | 'hours', value: number): string {
  if (format === 'money') return compactAmount(value);
  return String(Math.round(value * 10) / 10);
}

function tooltipText(format: 'money' | 'count' | 'hours', value: number): string {
  if (format === 'money') return formatAmount(value);
  if (format === 'hours') return `${value.toFixed(2)} h`;
  return String(value);
}

/**
 * The report's bars (recharts, loaded only on /reports: this module is imported lazily).
 * Clicking a bar opens the rows behind it; the table under the chart has the same figures as
 * buttons, which is the keyboard's way to them.
 */
/** Axis texts and the tooltip follow the theme's tokens (light or dark). */
const AXIS_TICK = { fontSize: 12, fill: 'var(--color-muted-foreground)' };
const TOOLTIP_STYLE = {
  background: 'var(--color-background)',
  borderColor: 'var(--color-border)',
  color: 'var(--color-foreground)',
};

export default function ReportChart({
  points,
  series,
  stacked = false,
  format = 'money',
  onDrill,
}: {
  format?: 'money' | 'count' | 'hours';
  points: readonly ChartPoint[];
  series: readonly ChartSeries[];
  stacked?: boolean;
  onDrill: (target: DrillTarget) => void;
}) {
  const data = points.map((p) => ({ label: p.label, ...p.values }));
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 256 }}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--color-border)" />
        <XAxis dataKey="label" tick={AXIS_TICK} interval="preserveStartEnd" minTickGap={8} />
        <YAxis
          tick={AXIS_TICK}
          width={56}
          allowDecimals={format !== 'count'}
          tickFormatter={(value: number) => axisText(format, value)}
        />
        <Tooltip
          contentStyle={TOOLTIP_STYLE}
          formatter={(value) => tooltipText(format, Number(value))}
          cursor={{ fillOpacity: 0.3 }}
        />
        {series.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
        {series.map((s) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.label}
            fill={s.color}
            stackId={stacked ? 'stack' : undefined}
            cursor="pointer"
            isAnimationActive={false}
            onClick={(_entry, index) => {
              const target = points[index]?.drills[s.key];
              if (target) onDrill(target);
            }}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
