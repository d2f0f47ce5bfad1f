import { Image, StyleSheet, Text, View } from '@react-pdf/renderer';
import { createElement as h, type ReactElement, type ReactNode } from 'react';

// What every PDF a client gets (an invoice, an estimate) shares: the look of the page, its
// header, its sections and the business logo. Written with createElement in a .ts file: the
// server has no JSX build step to keep.

export const documentStyles = StyleSheet.create({
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
  note: { marginTop: 12, padding: 8, backgroundColor: '#f3f4f6' },
});

/** The logo, if it is an image react-pdf can draw (PNG or JPEG). */
export function documentLogo(bytes: Buffer | null): ReactElement | null {
  if (!bytes) return null;
  const png = bytes.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
  if (!png && !jpeg) return null;
  return h(Image, {
    style: documentStyles.logo,
    src: { data: bytes, format: png ? 'png' : 'jpg' },
  });
}

/** A titled section kept on one page; none at all when it has nothing to show. */
export function documentSection(
  title: string,
  children: (ReactNode | null)[],
): ReactElement | null {
  const present = children.filter((c) => c !== null);
  if (present.length === 0) return null;
  return h(
    View,
    { style: documentStyles.section, key: title, wrap: false },
    h(Text, { style: documentStyles.sectionTitle }, title),
    ...present,
  );
}

/** The business at the head of a document: its logo, name and the contact lines it has. */
export function documentBusiness(
  business: { name: string; address?: string | null; phone?: string | null; email?: string | null },
  logo: Buffer | null,
): ReactElement {
  return h(
    View,
    { style: { maxWidth: 280 } },
    documentLogo(logo),
    h(Text, { style: documentStyles.businessName }, business.name),
    ...[business.address, business.phone, business.email]
      .filter((v): v is string => Boolean(v?.trim()))
      .map((v, i) => h(Text, { style: documentStyles.muted, key: `b${i}` }, v)),
  );
}
