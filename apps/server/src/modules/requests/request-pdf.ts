import { Document, Image, Page, StyleSheet, Text, View, renderToBuffer } from '@react-pdf/renderer';
import { formatUsd, PROPOSAL_OPTION_IDS, type SharedRequest } from '@crewdesk/domain';
import { createElement as h, type ReactElement, type ReactNode } from 'react';
import { longDate } from './request-view.ts';

// Written with createElement in a .ts file: the server has no JSX build step to keep.

const styles = StyleSheet.create({
  page: { padding: 48, fontSize: 10, fontFamily: 'Helvetica', color: '#111827' },
  header: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 24 },
  logo: { height: 48, maxWidth: 160, objectFit: 'contain', marginBottom: 6 },
  businessName: { fontSize: 14, fontFamily: 'Helvetica-Bold' },
  muted: { color: '#4b5563' },
  heading: { fontSize: 20, fontFamily: 'Helvetica-Bold', marginBottom: 4 },
  section: { marginTop: 16 },
  sectionTitle: {
    fontSize: 11,
    fontFamily: 'Helvetica-Bold',
    marginBottom: 6,
    paddingBottom: 2,
    borderBottomWidth: 1,
    borderBottomColor: '#e5e7eb',
  },
  row: { flexDirection: 'row', marginBottom: 3 },
  label: { width: 130, color: '#4b5563' },
  value: { flex: 1 },
  option: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    padding: 6,
    marginBottom: 4,
    borderWidth: 1,
    borderColor: '#e5e7eb',
  },
  chosen: { borderColor: '#0f766e', backgroundColor: '#f0fdfa' },
  total: {
    marginTop: 20,
    flexDirection: 'row',
    justifyContent: 'space-between',
    paddingTop: 8,
    borderTopWidth: 2,
    borderTopColor: '#111827',
    fontSize: 14,
    fontFamily: 'Helvetica-Bold',
  },
  note: { marginTop: 12, padding: 8, backgroundColor: '#f3f4f6' },
});

const WORDS: Record<SharedRequest['category'], string> = {
  estimates: 'Estimate',
  quotes: 'Quote',
  proposals: 'Proposal',
};

function line(label: string, value: string | null | undefined): ReactElement | null {
  if (value === null || value === undefined || value === '') return null;
  return h(
    View,
    { style: styles.row, key: label },
    h(Text, { style: styles.label }, label),
    h(Text, { style: styles.value }, value),
  );
}

function section(title: string, children: (ReactNode | null)[]): ReactElement | null {
  const present = children.filter((c) => c !== null);
  if (present.length === 0) return null;
  return h(
    View,
    { style: styles.section, key: title, wrap: false },
    h(Text, { style: styles.sectionTitle }, title),
    ...present,
  );
}

function list(values: string[]): string | null {
  return values.length > 0 ? values.join(', ') : null;
}

function counter(value: number | null): string | null {
  if (value === null) return null;
  return value === 0 ? 'Any' : String(value);
}

/** The logo, if it is an image react-pdf can draw (PNG or JPEG). */
function logoOf(bytes: Buffer | null): ReactElement | null {
  if (!bytes) return null;
  const png = bytes.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
  if (!png && !jpeg) return null;
  return h(Image, { style: styles.logo, src: { data: bytes, format: png ? 'png' : 'jpg' } });
}

/**
 * The request as a PDF for its client: only what the share page shows (SharedRequest has no
 * internal figures to leak), in US dollars, with the acceptance or decline when there is one.
 */
export function requestPdf(
  view: SharedRequest,
  options: { timeZone: string; logo: Buffer | null },
): Promise<Buffer> {
  const { business, property } = view;
  const word = WORDS[view.category];
  const dateOf = (iso: string) => longDate(new Date(iso), options.timeZone);
  const rooms = property.propertyType === 'Commercial' ? 'Offices' : 'Bedrooms';
  const chosen = view.acceptance?.optionId ?? null;
  const chosenOption = view.options?.find((o) => o.id === chosen) ?? null;

  const status =
    view.status === 'expired'
      ? `This ${word.toLowerCase()} expired on ${dateOf(view.expiresAt)}.`
      : null;

  const body = h(
    Page,
    { size: 'LETTER', style: styles.page },
    h(
      View,
      { style: styles.header },
      h(
        View,
        null,
        logoOf(options.logo),
        h(Text, { style: styles.businessName }, business.name),
        ...[business.address, business.phone, business.email, business.website]
          .filter((v): v is string => Boolean(v))
          .map((v) => h(Text, { style: styles.muted, key: v }, v)),
      ),
      h(
        View,
        { style: { alignItems: 'flex-end' } },
        h(Text, { style: styles.heading }, word),
        h(Text, { style: styles.muted }, `Date: ${longDate(view.date, options.timeZone)}`),
        h(Text, { style: styles.muted }, `Valid until: ${dateOf(view.expiresAt)}`),
      ),
    ),
    h(Text, { style: { fontSize: 13, fontFamily: 'Helvetica-Bold' } }, view.title),
    section('Prepared for', [line('Client', view.client)]),
    section('Property', [
      line('Property type', property.propertyType),
      line(
        'Square footage',
        property.squareFootage === null
          ? null
          : `${property.squareFootage.toLocaleString('en-US')} sq ft`,
      ),
      line(rooms, counter(property.numberOfRooms)),
      line('Bathrooms', counter(property.numberOfBathrooms)),
      line('Frequency', property.frequency),
      line('Condition', property.condition),
      line(
        'Preferred time',
        property.preferredTime
          ? `${property.preferredTime.startTime} to ${property.preferredTime.endTime}`
          : null,
      ),
    ]),
    section('Services', [
      line('Services', list(view.services)),
      line('Areas', list(view.specificAreas)),
      line('Accessibility', list(view.accessibility)),
      line('Preferences', list(view.clientPreferences)),
    ]),
    view.options
      ? section(
          'Options',
          [...view.options]
            .sort((a, b) => PROPOSAL_OPTION_IDS.indexOf(a.id) - PROPOSAL_OPTION_IDS.indexOf(b.id))
            .map((o) =>
              h(
                View,
                {
                  style: o.id === chosen ? [styles.option, styles.chosen] : styles.option,
                  key: o.id,
                },
                h(
                  View,
                  { style: { flex: 1 } },
                  h(
                    Text,
                    { style: { fontFamily: 'Helvetica-Bold' } },
                    o.id === chosen ? `${o.name} (chosen)` : o.name,
                  ),
                  h(Text, { style: styles.muted }, o.description),
                ),
                h(Text, null, formatUsd(o.priceCents)),
              ),
            ),
        )
      : null,
    h(
      View,
      { style: styles.total },
      h(Text, null, chosenOption ? `Total (${chosenOption.name})` : 'Total'),
      h(Text, null, formatUsd(view.amountCents)),
    ),
    h(Text, { style: [styles.muted, { marginTop: 4 }] }, 'Amounts in US dollars.'),
    view.acceptance
      ? h(
          Text,
          { style: styles.note },
          `Accepted by ${view.acceptance.name} on ${dateOf(view.acceptance.acceptedAt)}${chosenOption ? `, choosing ${chosenOption.name}` : ''}.`,
        )
      : null,
    view.decline
      ? h(
          Text,
          { style: styles.note },
          `Declined on ${dateOf(view.decline.declinedAt)}. Reason: ${view.decline.reason}`,
        )
      : null,
    status ? h(Text, { style: styles.note }, status) : null,
  );

  return renderToBuffer(
    h(
      Document,
      { title: `${word}: ${view.title}`, author: business.name, creator: 'Crewdesk' },
      body,
    ),
  );
}

/** 'estimate-ann-lee-2026-01-05.pdf': ASCII only, so every browser keeps it as it is. */
export function requestPdfFileName(view: SharedRequest): string {
  const client = view.client
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 60);
  const word = WORDS[view.category].toLowerCase();
  return `${[word, client, view.date].filter(Boolean).join('-')}.pdf`;
}
