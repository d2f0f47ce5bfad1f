import { Document, Image, Page, StyleSheet, Text, View, renderToBuffer } from '@react-pdf/renderer';
import { formatMoney, localDateOf, type SharedInspection } from '@crewdesk/domain';
import { createElement as h, type ReactElement } from 'react';
import { documentBusiness, documentSection, documentStyles } from '../../lib/pdf-document.ts';
import { longDate } from '../requests/index.ts';

// Written with createElement in a .ts file: the server has no JSX build step to keep.

const styles = {
  ...documentStyles,
  ...StyleSheet.create({
    bold: { fontFamily: 'Helvetica-Bold' },
    row: {
      flexDirection: 'row',
      paddingVertical: 3,
      borderBottomWidth: 1,
      borderBottomColor: '#e5e7eb',
    },
    label: { flex: 1, paddingRight: 8 },
    answer: { width: 150, textAlign: 'right' },
    failed: { color: '#b91c1c', fontFamily: 'Helvetica-Bold' },
    note: { color: '#4b5563', marginLeft: 8, marginBottom: 2 },
    photos: { flexDirection: 'row', flexWrap: 'wrap', marginTop: 4 },
    photo: { width: 150, height: 112, objectFit: 'contain', marginRight: 6, marginBottom: 6 },
    signature: { height: 60, width: 180, objectFit: 'contain' },
    score: { fontSize: 16, fontFamily: 'Helvetica-Bold' },
  }),
};

/** At most this many photos go into one report: enough to show the findings, small enough to mail. */
const PDF_PHOTO_LIMIT = 40;

type Item = SharedInspection['sections'][number]['items'][number];

/** The answer in words: 'Pass', 'Fail', 'N/A', '4 / 5', 'Yes', '72 °F', the text, the signer. */
export function answerText(item: Item): string {
  const answer = item.answer;
  if (!answer) return '—';
  switch (item.kind) {
    case 'pass_fail_na':
      return answer.value === 'pass' ? 'Pass' : answer.value === 'fail' ? 'Fail' : 'N/A';
    case 'rating_1_5':
      return `${answer.value} / 5`;
    case 'yes_no':
      return answer.value === 'yes' ? 'Yes' : 'No';
    case 'number_with_unit':
      return `${answer.value}${item.unit ? ` ${item.unit}` : ''}`;
    case 'text':
      return String(answer.value ?? '');
    case 'photo':
      return `${answer.photos.length} photo${answer.photos.length === 1 ? '' : 's'}`;
    case 'signature':
      return answer.name ? `Signed: ${answer.name}` : '—';
  }
}

function percentText(percent: number | null): string {
  return percent === null ? 'Not scored' : `${percent}%`;
}

function jpeg(bytes: Buffer | undefined): ReactElement | null {
  return bytes ? h(Image, { style: styles.photo, src: { data: bytes, format: 'jpg' } }) : null;
}

function itemRows(
  item: Item,
  photos: ReadonlyMap<string, Buffer>,
  budget: { left: number },
): ReactElement {
  const answer = item.answer;
  const images = (answer?.photos ?? []).flatMap((p) => {
    if (budget.left <= 0) return [];
    budget.left--;
    const image = jpeg(photos.get(p.id));
    return image ? [h(View, { key: p.id }, image)] : [];
  });
  return h(
    View,
    { key: item.key, wrap: false },
    h(
      View,
      { style: styles.row },
      h(Text, { style: styles.label }, item.label),
      h(
        Text,
        { style: answer?.failed ? [styles.answer, styles.failed] : styles.answer },
        answerText(item),
      ),
    ),
    answer?.note ? h(Text, { style: styles.note }, `Note: ${answer.note}`) : null,
    images.length > 0 ? h(View, { style: styles.photos }, ...images) : null,
  );
}

/**
 * The report as a PDF for its client: what the shared page shows (SharedInspection has no internal
 * notes or costs to leak), with the photos (resized JPEGs) and the inspector's signature.
 */
export function inspectionPdf(
  view: SharedInspection,
  options: {
    timeZone: string;
    logo: Buffer | null;
    photos: ReadonlyMap<string, Buffer>;
    signatureImage: Buffer | null;
  },
): Promise<Buffer> {
  const { business, score } = view;
  const date = longDate(
    new Date(view.finishedAt ?? view.startedAt),
    options.timeZone,
    business.locale,
  );
  const header = h(
    View,
    { style: styles.header },
    documentBusiness(business, options.logo),
    h(
      View,
      { style: { alignItems: 'flex-end', maxWidth: 240 } },
      h(Text, { style: styles.heading }, view.templateName),
      h(Text, { style: styles.muted }, date),
    ),
  );

  const about = documentSection('Inspection', [
    view.contactName ? h(Text, { key: 'c' }, `Client: ${view.contactName}`) : null,
    view.siteAddress ? h(Text, { key: 's' }, `Site: ${view.siteAddress}`) : null,
    view.inspectorName ? h(Text, { key: 'i' }, `Inspector: ${view.inspectorName}`) : null,
    h(Text, { key: 'd' }, `Date: ${date}`),
  ]);

  const overall = score.overall;
  const scoreSection = documentSection('Score', [
    h(
      Text,
      { key: 'o', style: styles.score },
      `${percentText(overall.percent)}${overall.passed === null ? '' : overall.passed ? ' — Passed' : ' — Below the pass mark'}`,
    ),
    h(Text, { key: 'p', style: styles.muted }, `Pass mark: ${overall.passMarkPercent}%`),
    ...score.sections.map((s) => h(Text, { key: s.key }, `${s.title}: ${percentText(s.percent)}`)),
  ]);

  const budget = { left: PDF_PHOTO_LIMIT };
  const sections = view.sections.map((section) =>
    h(
      View,
      { style: styles.section, key: section.key },
      h(Text, { style: styles.sectionTitle }, section.title),
      ...section.items.map((item) => itemRows(item, options.photos, budget)),
    ),
  );

  const findings = documentSection(
    'Recommended work',
    view.findings.map((f) =>
      h(
        View,
        { style: styles.row, key: f.id },
        h(Text, { style: styles.label }, `${f.itemLabel}: ${f.description}`),
        h(
          Text,
          { style: styles.answer },
          formatMoney(f.priceCents, business.currency, business.locale),
        ),
      ),
    ),
  );

  const signature = view.signatureName
    ? documentSection('Signed', [
        options.signatureImage
          ? h(Image, {
              key: 'img',
              style: styles.signature,
              src: { data: options.signatureImage, format: 'png' },
            })
          : null,
        h(Text, { key: 'n' }, `${view.signatureName}, ${date}`),
      ])
    : null;

  const page = h(
    Page,
    { size: 'LETTER', style: styles.page },
    header,
    about,
    scoreSection,
    ...sections,
    view.notes.trim() ? documentSection('Notes', [h(Text, { key: 'n' }, view.notes)]) : null,
    findings,
    signature,
  );
  return renderToBuffer(
    h(Document, { title: view.templateName, author: business.name, creator: 'Crewdesk' }, page),
  );
}

/** 'Move-out inspection 2026-11-25.pdf', kept to characters every browser keeps as they are. */
export function inspectionPdfFileName(
  view: Pick<SharedInspection, 'templateName' | 'startedAt' | 'finishedAt' | 'business'>,
): string {
  const name = view.templateName.replace(/[^\w .#-]+/g, '-').trim() || 'Inspection';
  // The business's day, as the report inside says: an evening inspection is already tomorrow in UTC.
  const day = localDateOf(new Date(view.finishedAt ?? view.startedAt), view.business.timeZone);
  return `${name} ${day}.pdf`;
}
