import type { TimeEntryKind } from '@crewdesk/domain';

export const ENTRY_KIND_LABELS: Record<TimeEntryKind, string> = {
  shift: 'Shift',
  break: 'Break',
  visit: 'Visit',
  travel: 'On my way',
};

/** Minutes as hours and minutes: 125 → "2h 05m". */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  return `${h}h ${String(m).padStart(2, '0')}m`;
}

/** A running timer's elapsed time since `startedAt`: "1:07:42". */
export function formatElapsed(startedAt: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(startedAt)) / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
