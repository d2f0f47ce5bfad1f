import {
  optionLabel,
  PROPOSAL_OPTION_IDS,
  type RequestDetail,
  type RequestListCategory,
} from '@crewdesk/domain';
import { format, isValid, parseISO } from 'date-fns';
import { formatAmount } from '@/lib/money';

export const CATEGORY_LABELS: Readonly<Record<RequestListCategory, string>> = {
  estimates: 'Estimate',
  quotes: 'Quote',
  proposals: 'Proposal',
};

/** 'unopened' → 'Unopened'. */
export function statusLabel(status: string): string {
  return optionLabel(status);
}

/** An instant with its time, as 'Nov 21, 2026, 3:05 PM'. */
export function formatMoment(value: string | null | undefined): string {
  if (!value) return '';
  const date = parseISO(value);
  return isValid(date) ? format(date, 'MMM d, yyyy, h:mm a') : value;
}

const PROPOSAL_OPTION_NAMES: Record<string, string> = {
  basic: 'Basic clean',
  standard: 'Standard clean',
  deep: 'Deep clean',
};

export function proposalOptionName(
  id: string | null | undefined,
  options: RequestDetail['options'] = null,
): string {
  if (!id) return '';
  return (
    options?.find((o) => o.id === id)?.name ??
    (PROPOSAL_OPTION_IDS.includes(id as never) ? PROPOSAL_OPTION_NAMES[id] : undefined) ??
    optionLabel(id)
  );
}

function text(detail: Record<string, unknown> | null, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = detail?.[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return null;
}

function cents(detail: Record<string, unknown> | null, key: string): number | null {
  const value = detail?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Where a quote made from an inspection's findings came from, and who chose them. */
function fromInspectionText(detail: Record<string, unknown> | null): string {
  const name = text(detail, 'inspectionName');
  const inspection = name ? `the inspection “${name}”` : 'an inspection';
  const amount = cents(detail, 'amountCents');
  const who =
    text(detail, 'chosenBy') === 'client'
      ? `Made from the findings the client accepted in ${inspection}`
      : `Made from the findings of ${inspection}`;
  return amount === null ? who : `${who}, at ${formatAmount(amount)}`;
}

/** The inspection a request was made from, when it was (the history links to it). */
export function sourceInspectionId(event: RequestDetail['events'][number]): string | null {
  return event.kind === 'created' && text(event.detail, 'source') === 'inspection'
    ? text(event.detail, 'inspectionId')
    : null;
}

/** One line of the history, readable: 'Sent to ann@example.com', 'Accepted by Ann Lee' … */
export function eventText(
  event: RequestDetail['events'][number],
  request: Pick<RequestDetail, 'options'>,
): string {
  const { detail } = event;
  switch (event.kind) {
    case 'created': {
      if (text(detail, 'source') === 'request_form') {
        return 'Requested by the client through the request form';
      }
      if (text(detail, 'source') === 'inspection') return fromInspectionText(detail);
      const amount = cents(detail, 'amountCents');
      const base = text(detail, 'duplicatedFrom') ? 'Created as a copy' : 'Created';
      return amount === null ? base : `${base} at ${formatAmount(amount)}`;
    }
    case 'edited': {
      const from = cents(detail, 'fromAmountCents');
      const to = cents(detail, 'toAmountCents');
      if (from !== null && to !== null && from !== to) {
        return `Edited: price changed from ${formatAmount(from)} to ${formatAmount(to)}`;
      }
      return 'Edited';
    }
    case 'sent': {
      const to = text(detail, 'recipient', 'recipientEmail', 'email', 'to');
      return to ? `Sent to ${to}` : 'Sent to the client';
    }
    case 'viewed':
      return 'Opened by the client';
    case 'accepted': {
      const name = text(detail, 'name', 'acceptedName');
      const option = proposalOptionName(text(detail, 'optionId', 'option'), request.options);
      return [name ? `Accepted by ${name}` : 'Accepted by the client', option]
        .filter(Boolean)
        .join(': ');
    }
    case 'declined': {
      const reason = text(detail, 'reason');
      return reason ? `Declined: ${reason}` : 'Declined by the client';
    }
    case 'expired':
      return 'Expired after 30 days';
    case 'converted':
      return 'Converted';
    default:
      return optionLabel(String(event.kind));
  }
}
