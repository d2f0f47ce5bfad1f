import {
  ADDITIONAL_SERVICES,
  categorizeRequest,
  estimateInputFromForm,
  formattingLocale,
  listCategoryOf,
  optionLabel,
  PROPOSAL_OPTION_IDS,
  proposalOptionsFor,
  REQUEST_FORM_SERVICES,
  type CalculatorFormValues,
  type ProposalOption,
  type RequestStatus,
  type SharedRequest,
} from '@crewdesk/domain';
import type { ShareSigner } from '../../lib/share-links.ts';
import type { BusinessBrand } from '../business-profile/index.ts';
import type { RequestRow } from './requests.repo.ts';

/** The statuses that still wait for the client; only these turn 'expired' with time. */
export const OPEN_STATUSES = ['unopened', 'sent', 'viewed'] as const satisfies RequestStatus[];

export function isOpenStatus(status: string): boolean {
  return (OPEN_STATUSES as readonly string[]).includes(status);
}

/**
 * The status as everyone sees it: an open request whose expiry has passed is 'expired'. Nothing
 * is written when that moment passes, so the answer is always right for `now` (and a test clock).
 */
export function effectiveStatus(
  row: Pick<RequestRow, 'status' | 'expiresAt'>,
  now: Date,
): RequestStatus {
  if (isOpenStatus(row.status) && now.getTime() >= row.expiresAt.getTime()) return 'expired';
  return row.status;
}

export function isProposal(row: Pick<RequestRow, 'type' | 'proposalType'>): boolean {
  return categorizeRequest({ type: row.type, proposal_type: row.proposalType }) === 'proposal';
}

/**
 * The options of a proposal with this calculator form, or null when the form cannot be priced.
 * A service picked twice counts once, as in the price.
 */
export function proposalOptionsFromForm(form: CalculatorFormValues): ProposalOption[] | null {
  const input = estimateInputFromForm(form);
  if (!input) return null;
  return proposalOptionsFor({
    ...input,
    additionalServices: [...new Set(input.additionalServices)],
  });
}

/**
 * A proposal's options: the stored ones, or for a proposal saved before options were stored,
 * priced now from its form by the same calculator. Null for estimates and quotes.
 */
export function optionsOf(
  row: Pick<RequestRow, 'type' | 'proposalType' | 'options' | 'details'>,
): ProposalOption[] | null {
  if (!isProposal(row)) return null;
  return row.options ?? proposalOptionsFromForm(row.details as CalculatorFormValues);
}

export function acceptedOptionId(row: Pick<RequestRow, 'acceptedOption'>) {
  return PROPOSAL_OPTION_IDS.find((id) => id === row.acceptedOption) ?? null;
}

/** 'estimate', 'quote' or 'proposal': the word the client reads. */
export function requestWord(row: Pick<RequestRow, 'type' | 'proposalType'>): string {
  return categorizeRequest({ type: row.type, proposal_type: row.proposalType });
}

// ---------------------------------------------------------------------------------------------
// What the client sees

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** A stored option value as the calculator labels it ('long_time_no_clean' → 'Long Time No Clean'). */
function label(value: unknown): string | null {
  const raw = text(value);
  return raw === null ? null : optionLabel(raw);
}

function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function labels(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string').map(optionLabel)
    : [];
}

const SERVICE_NAMES = new Map<string, string>(REQUEST_FORM_SERVICES.map((s) => [s.id, s.name]));

/** Service names: the calculator's additional services, and the request form's chosen service. */
function serviceNames(details: Record<string, unknown>): string[] {
  const ids = [
    ...(typeof details.service === 'string' ? [details.service] : []),
    ...(Array.isArray(details.additionalServices) ? details.additionalServices : []),
  ].filter((v): v is string => typeof v === 'string');
  const names = ids.map(
    (id) =>
      ADDITIONAL_SERVICES.find((s) => s.id === id)?.name ??
      SERVICE_NAMES.get(id) ??
      optionLabel(id),
  );
  return [...new Set(names)];
}

function preferredTime(value: unknown): SharedRequest['property']['preferredTime'] {
  if (!value || typeof value !== 'object') return null;
  const { startTime, endTime } = value as Record<string, unknown>;
  const start = text(startTime);
  const end = text(endTime);
  return start && end ? { startTime: start, endTime: end } : null;
}

/** The token of the client's link to the request (decision 055). */
export function requestShareToken(
  shares: ShareSigner,
  row: Pick<RequestRow, 'id' | 'shareVersion'>,
): string {
  return shares.token('estimate', row.id, row.shareVersion);
}

/** The public path of a shared request's business logo (the members-only URL is not public). */
export function sharedLogoPath(shareToken: string): string {
  return `/api/public/shared/${shareToken}/logo`;
}

export function sharedBusinessOf(brand: BusinessBrand, logoPath: string | null) {
  return {
    name: brand.name,
    logoUrl: brand.logo ? logoPath : null,
    email: brand.email,
    phone: brand.phone,
    website: brand.website,
    address: brand.address,
    currency: brand.currency,
    locale: brand.locale,
    timeZone: brand.timeZone,
  };
}

/**
 * The request as its client sees it: built field by field from what may be shown, so that cost,
 * profit, margin, tools, hours, the hourly rate, notes and internal ids can never slip through.
 * The share page, the client's e-mail and the PDF all start from this.
 */
export function toSharedRequest(
  row: RequestRow,
  brand: BusinessBrand,
  now: Date,
  shares: ShareSigner,
): SharedRequest {
  const details = row.details;
  const shareToken = requestShareToken(shares, row);
  const status = effectiveStatus(row, now);
  return {
    shareToken,
    category: listCategoryOf({ type: row.type, proposal_type: row.proposalType }),
    title: row.title,
    client: row.client,
    date: row.date,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    status,
    expired: status === 'expired',
    amountCents: row.amountCents,
    business: sharedBusinessOf(brand, sharedLogoPath(shareToken)),
    property: {
      propertyType: label(details.propertyType),
      squareFootage: count(details.squareFootage),
      numberOfRooms: count(details.numberOfRooms),
      numberOfBathrooms: count(details.numberOfBathrooms),
      frequency: label(details.frequency),
      condition: label(details.condition),
      preferredTime: preferredTime(details.timeConstraints),
    },
    services: serviceNames(details),
    specificAreas: labels(details.specificAreas),
    accessibility: labels(details.accessibility),
    clientPreferences: labels(details.clientPreferences),
    options: optionsOf(row),
    acceptance:
      row.acceptedAt && row.acceptedName !== null
        ? {
            name: row.acceptedName,
            acceptedAt: row.acceptedAt.toISOString(),
            optionId: acceptedOptionId(row),
          }
        : null,
    decline:
      row.declinedAt && row.declinedReason !== null
        ? { reason: row.declinedReason, declinedAt: row.declinedAt.toISOString() }
        : null,
  };
}

/**
 * A calendar date for the client: 'March 3, 2026' (or '3 March 2026' in en-GB), in the
 * business's time zone and as it writes dates.
 */
export function longDate(value: Date | string, timeZone: string, locale: string): string {
  // A stored YYYY-MM-DD is a calendar date already: read it at noon UTC, shown in UTC.
  const date = typeof value === 'string' ? new Date(`${value}T12:00:00Z`) : value;
  const zone = typeof value === 'string' ? 'UTC' : timeZone;
  const writing = formattingLocale(locale);
  try {
    return new Intl.DateTimeFormat(writing, { dateStyle: 'long', timeZone: zone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(writing, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
  }
}
