import type { ReportGrouping } from '@crewdesk/domain';
import { dateTimeFormat } from '@/lib/date-time-format';

function utcDate(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
}

/** A period of the business's calendar as a person reads it: 'Nov 2026', 'Week of Nov 23', 'Nov 23'. */
export function periodLabel(period: string, groupBy: ReportGrouping): string {
  const date = utcDate(period);
  if (groupBy === 'month')
    return dateTimeFormat({ month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
  const day = dateTimeFormat({ month: 'short', day: 'numeric', timeZone: 'UTC' }).format(date);
  return groupBy === 'week' ? `Week of ${day}` : day;
}

/** Today on this device's calendar, 'YYYY-MM-DD' (the default range ends today). */
export function todayOnDevice(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}
