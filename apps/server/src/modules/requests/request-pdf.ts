import { Document, Page, StyleSheet, Text, View, renderToBuffer } from '@react-pdf/renderer';
import { formatMoney, PROPOSAL_OPTION_IDS, type SharedRequest } from '@crewdesk/domain';
import { createElement as h, type ReactElement } from 'react';
import { documentLogo, documentSection, documentStyles } from '../../lib/pdf-document.ts';
import { longDate } from './request-view.ts';

// Written with createElement in a .ts file: the server has no JSX build step to keep.

const styles = {
  ...documentStyles,
  ...StyleSheet.create({
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
  }),
};

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

function list(values: string[]): string | null {
  return values.length > 0 ? values.join(', ') : null;
}

function counter(value: number | null): string | null {
  if (value === null) return null;
  return value === 0 ? 'Any' : String(value);
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
  const dateOf = (iso: string) => longDate(new Date(iso), options.timeZone, business.locale);
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
        documentLogo(options.logo),
        h(Text, { style: styles.businessName }, business.name),
        ...[business.address, business.phone, business.email, business.website]
          .filter((v): v is string => Boolean(v))
          .map((v) => h(Text, { style: styles.muted, key: v }, v)),
      ),
      h(
        View,
        { style: { alignItems: 'flex-end' } },
        h(Text, { style: styles.heading }, word),
        h(
          Text,
          { style: styles.muted },
          `Date: ${longDate(view.date, options.timeZone, business.locale)}`,
        ),
        h(Text, { style: styles.muted }, `Valid until: ${dateOf(view.expiresAt)}`),
      ),
    ),
    h(Text, { style: { fontSize: 13, fontFamily: 'Helvetica-Bold' } }, view.title),
    documentSection('Prepared for', [line('Client', view.client)]),
    documentSection('Property', [
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
    documentSection('Services', [
      line('Services', list(view.services)),
      line('Areas', list(view.specificAreas)),
      line('Accessibility', list(view.accessibility)),
      line('Preferences', list(view.clientPreferences)),
    ]),
    view.options
      ? documentSection(
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
                h(Text, null, formatMoney(o.priceCents, business.currency, business.locale)),
              ),
            ),
        )
      : null,
    h(
      View,
      { style: styles.total },
      h(Text, null, chosenOption ? `Total (${chosenOption.name})` : 'Total'),
      h(Text, null, formatMoney(view.amountCents, business.currency, business.locale)),
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
