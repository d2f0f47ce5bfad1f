import { formatUsd } from '@crewdesk/domain';
import type { ValueFormat } from './report-definition';

/** A figure as the table shows it; null (no price, no answer) reads as a dash. */
export function formatValue(format: ValueFormat, value: number | null): string {
  if (value === null) return '—';
  switch (format) {
    case 'money':
      return formatUsd(value);
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
