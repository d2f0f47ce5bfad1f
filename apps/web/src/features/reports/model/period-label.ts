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
