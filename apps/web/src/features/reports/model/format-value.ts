import type { ValueFormat } from './report-definition';
import { formatAmount } from '@/lib/money';

/** A figure as the table shows it; null (no price, no answer) reads as a dash. */
export function formatValue(format: ValueFormat, value: number | null): string {
  if (value === null) return '—';
  switch (format) {
    case 'money':
      return formatAmount(value);
    case 'hours':
      return (value / 60).toFixed(2);
    case 'percent':
      return `${value.toFixed(1)}%`;
    case 'days':
      return value.toFixed(1);
    default:
      return String(value);
  }
}
