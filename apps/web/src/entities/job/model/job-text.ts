import { JOB_STATUS_LABELS, optionLabel, type JobEvent, type JobStatus } from '@crewdesk/domain';
import { dateTimeFormat } from '@/lib/date-time-format';

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/;

/**
 * A wall-clock value of the business's zone ('2026-05-04T09:00:00' or '2026-05-04') as a Date
 * whose UTC fields are that wall clock: formatted with timeZone 'UTC', it reads back unchanged,
 * whatever the browser's own zone is.
 */
function wallClock(local: string): Date | null {
  const m = LOCAL.exec(local);
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0'] = m;
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi)));
}

function formatWall(local: string | null, options: Intl.DateTimeFormatOptions): string {
  if (!local) return '';
  const date = wallClock(local);
  return date ? dateTimeFormat({ ...options, timeZone: 'UTC' }).format(date) : local;
}

/** '9:00 AM' from localStartsAt. */
export function formatLocalTime(local: string | null): string {
  return formatWall(local, { hour: 'numeric', minute: '2-digit' });
}

/** 'Mon, May 4, 2026' from localStartsAt or a 'YYYY-MM-DD'. */
export function formatLocalDay(local: string | null): string {
  return formatWall(local, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });
}

/** 'Mon, May 4, 2026, 9:00 AM', or 'Not scheduled'. */
export function formatLocalStart(local: string | null): string {
  if (!local) return 'Not scheduled';
  return `${formatLocalDay(local)}, ${formatLocalTime(local)}`;
}

/** 'May 4, 9:00 – 11:00 AM' style end time: the wall clock plus the duration. */
export function formatLocalEnd(local: string | null, durationMinutes: number): string {
  const start = local ? wallClock(local) : null;
  if (!start) return '';
  const end = new Date(start.getTime() + durationMinutes * 60_000);
  return dateTimeFormat({ hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(end);
}

/** An instant (a status time) on the business's wall clock: 'May 4, 2026, 9:12 AM'. */
export { formatInstant } from '@/lib/format';

export function statusLabel(status: JobStatus): string {
  return JOB_STATUS_LABELS[status];
}

export function typeLabel(type: string): string {
  return optionLabel(type);
}

/** Directions to an address in Google Maps (opens the app on a phone). */
export function navigateUrl(address: string): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`;
}

/** tel: link: keeps digits and a leading +. */
export function telUrl(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

function text(detail: Record<string, unknown> | null, key: string): string | null {
  const value = detail?.[key];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

function statusText(value: string | null): string {
  return value && value in JOB_STATUS_LABELS
    ? JOB_STATUS_LABELS[value as JobStatus].toLowerCase()
    : (value ?? '');
}

const FIELD_LABELS: Record<string, string> = {
  startsAt: 'date and time',
  assigneeIds: 'assignees',
  customerId: 'client',
  priceCents: 'price',
  durationMinutes: 'duration',
  lineItems: 'line items',
};

/** One line of a visit's history. */
export function jobEventText(event: JobEvent): string {
  const { detail } = event;
  switch (event.kind) {
    case 'created':
      return text(detail, 'requestId') ? 'Created from a request' : 'Created';
    case 'created_from_request':
      return 'Scheduled from a request';
    case 'edited': {
      const fields = detail?.fields;
      const names = Array.isArray(fields)
        ? fields.filter((f): f is string => typeof f === 'string').map((f) => FIELD_LABELS[f] ?? f)
        : [];
      const scope = text(detail, 'scope') === 'following' ? ' (this and following visits)' : '';
      return names.length > 0 ? `Edited: ${names.join(', ')}${scope}` : `Edited${scope}`;
    }
    case 'status_changed': {
      const from = text(detail, 'from');
      const to = text(detail, 'to');
      return from ? `Status: ${statusText(from)} → ${statusText(to)}` : `Status: ${statusText(to)}`;
    }
    case 'rescheduled':
      return 'Rescheduled';
    case 'reassigned':
      return 'Reassigned';
    case 'checklist_added':
      return `Checklist item added: ${text(detail, 'label') ?? ''}`.trim();
    case 'checklist_checked':
      return `Checked: ${text(detail, 'label') ?? ''}`.trim();
    case 'checklist_unchecked':
      return `Unchecked: ${text(detail, 'label') ?? ''}`.trim();
    case 'checklist_removed':
      return `Checklist item removed: ${text(detail, 'label') ?? ''}`.trim();
    case 'note_added':
      return 'Note added';
    case 'photo_added': {
      const label = text(detail, 'label');
      return label ? `${optionLabel(label)} photo added` : 'Photo added';
    }
    case 'photo_removed':
      return 'Photo removed';
    case 'skipped':
      return 'Visit skipped';
    case 'series_ended':
      return 'Series ended after this visit';
    case 'client_confirmed':
      return 'The client confirmed the visit';
    case 'client_reported_problem': {
      const problem = text(detail, 'problem');
      return problem
        ? `The client reported a problem: “${problem}”`
        : 'The client reported a problem';
    }
    default:
      return optionLabel(String(event.kind));
  }
}
