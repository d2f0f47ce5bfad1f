import { z } from 'zod';
import { CUSTOMER_SOURCES, CUSTOMER_TYPES } from '../pricing/options.ts';
import {
  IMPORT_MODES,
  importMappingSchemaOf,
  importModeSchema,
  importPreviewSchemaOf,
  importRowErrorSchema,
  suggestColumnMapping,
} from '../csv-import/csv-import.ts';
import { customerInputSchema, type CustomerValues } from './customers.ts';
import { groupThousands } from '../schemas/field-limits.ts';

/** The contact fields a CSV column can fill, in the contact dialog's order, then notes. */
export const CUSTOMER_IMPORT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'company',
  'customerType',
  'source',
  'address',
  'city',
  'state',
  'zip',
  'latitude',
  'longitude',
  'whatsapp',
  'facebook',
  'instagram',
  'assignedTo',
  'notes',
] as const;
export type CustomerImportField = (typeof CUSTOMER_IMPORT_FIELDS)[number];

/** The export's header for each field (what a re-import maps back without help). */
export const CUSTOMER_FIELD_HEADERS: Readonly<Record<CustomerImportField, string>> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phone: 'Phone',
  company: 'Company',
  customerType: 'Customer Type',
  source: 'Source',
  address: 'Address',
  city: 'City',
  state: 'State',
  zip: 'Zip',
  latitude: 'Latitude',
  longitude: 'Longitude',
  whatsapp: 'WhatsApp',
  facebook: 'Facebook',
  instagram: 'Instagram',
  assignedTo: 'Assigned To',
  notes: 'Notes',
};

/** Columns the export adds after the fields: for the record, never imported. */
export const CUSTOMER_EXPORT_EXTRA_HEADERS = ['ID', 'Created At', 'Updated At'] as const;

export const CUSTOMER_IMPORT_MAX_ROWS = 10_000;
export const CUSTOMER_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const CUSTOMER_IMPORT_SAMPLE_ROWS = 5;

export const IMPORT_TOO_MANY_ROWS = `An import can have at most ${groupThousands(CUSTOMER_IMPORT_MAX_ROWS)} rows. Split the file and import the parts one after the other.`;
export const IMPORT_TOO_LARGE = 'The file is too large: an import can be at most 5 MB.';
export const IMPORT_NO_HEADER = 'The file is empty: the first row must name the columns.';
export const IMPORT_NO_ROWS = 'The file has a header row but no contacts below it.';

/** Other names a header may carry for each field (compared without case, spaces or punctuation). */
const FIELD_ALIASES: Readonly<Record<CustomerImportField, readonly string[]>> = {
  firstName: ['firstname', 'first', 'givenname', 'forename', 'fname'],
  lastName: ['lastname', 'last', 'surname', 'familyname', 'lname'],
  email: ['email', 'emailaddress', 'mail'],
  phone: ['phone', 'phonenumber', 'telephone', 'tel', 'mobile', 'cell'],
  company: ['company', 'companyname', 'business', 'organization', 'organisation'],
  customerType: ['customertype', 'type', 'clienttype'],
  source: ['source', 'leadsource', 'customersource'],
  address: ['address', 'street', 'streetaddress', 'address1', 'addressline1'],
  city: ['city', 'town'],
  state: ['state', 'province', 'region'],
  zip: ['zip', 'zipcode', 'postalcode', 'postcode'],
  latitude: ['latitude', 'lat'],
  longitude: ['longitude', 'lng', 'lon', 'long'],
  whatsapp: ['whatsapp'],
  facebook: ['facebook'],
  instagram: ['instagram'],
  assignedTo: ['assignedto', 'assignee', 'owner', 'teammember'],
  notes: ['notes', 'note', 'comments'],
};

export type CustomerImportMapping = Partial<Record<CustomerImportField, string | null>>;

/** For each field, the first header that names it (or null); each header serves one field. */
export function suggestImportMapping(
  headers: readonly string[],
): Record<CustomerImportField, string | null> {
  return suggestColumnMapping(
    CUSTOMER_IMPORT_FIELDS,
    headers,
    CUSTOMER_FIELD_HEADERS,
    FIELD_ALIASES,
  );
}

const mappingSchema = importMappingSchemaOf(CUSTOMER_IMPORT_FIELDS, 'contact').refine(
  (m) => Object.values(m).some((h) => h),
  { error: 'Map at least one column to a contact field.' },
);

// A backstop only: the server measures the file in bytes and answers 413 past 5 MB; a character
// takes at least one byte, so no file within that limit comes near this one.
const csvText = z
  .string({ error: 'csv must be the text of the file' })
  .max(2 * CUSTOMER_IMPORT_MAX_BYTES, { error: IMPORT_TOO_LARGE });

/** POST /api/customers/import/preview */
export const customerImportPreviewBodySchema = z.object({ csv: csvText });

export const CUSTOMER_IMPORT_MODES = IMPORT_MODES;
export type CustomerImportMode = (typeof CUSTOMER_IMPORT_MODES)[number];

/** POST /api/customers/import */
export const customerImportBodySchema = z.object({
  csv: csvText,
  mapping: mappingSchema,
  mode: importModeSchema,
  dryRun: z.boolean().optional().default(false),
});
export type CustomerImportBody = z.output<typeof customerImportBodySchema>;

export const customerImportPreviewSchema = importPreviewSchemaOf(CUSTOMER_IMPORT_FIELDS);
export type CustomerImportPreview = z.output<typeof customerImportPreviewSchema>;

export const customerImportRowErrorSchema = importRowErrorSchema;
export type CustomerImportRowError = z.output<typeof customerImportRowErrorSchema>;

export const customerImportResultSchema = z.object({
  imported: z.number().int(),
  errors: z.array(customerImportRowErrorSchema),
});
export type CustomerImportResult = z.output<typeof customerImportResultSchema>;

/** 'Social Media', 'social-media', ' SOCIAL_MEDIA ' → 'social_media'. */
function optionValue(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

function numberCell(raw: string, label: string, messages: string[]): number | undefined {
  const text = raw.trim();
  if (text === '') return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) {
    messages.push(`${label} must be a number.`);
    return undefined;
  }
  return value;
}

export type CsvContactRow =
  | { ok: true; values: CustomerValues; assignedToText: string | null }
  | { ok: false; messages: string[] };

/**
 * One CSV row (the cells of the mapped columns by field) checked with the contact dialog's
 * schema, so the messages are the dialog's. Cells are trimmed; blank optional cells are left
 * out; customer type and source accept their labels ('Social Media'); blanks take the dialog's
 * defaults. assignedTo stays text here (a name, e-mail or id): the server resolves it against
 * the business's team and reports `assignedToText` for that.
 */
export function contactFromCsvRow(
  cells: Partial<Record<CustomerImportField, string>>,
): CsvContactRow {
  const messages: string[] = [];
  const text = (field: CustomerImportField): string | undefined => {
    const value = cells[field]?.trim();
    return value ? value : undefined;
  };
  const input: Record<string, unknown> = {
    firstName: text('firstName') ?? '',
    lastName: text('lastName') ?? '',
    email: text('email') ?? '',
    phone: text('phone') ?? '',
  };
  for (const field of [
    'company',
    'address',
    'city',
    'state',
    'zip',
    'whatsapp',
    'facebook',
    'instagram',
    'notes',
  ] as const) {
    const value = text(field);
    if (value !== undefined) input[field] = value;
  }
  const type = text('customerType');
  if (type !== undefined) {
    const value = optionValue(type);
    if ((CUSTOMER_TYPES as readonly string[]).includes(value)) input.customerType = value;
    else messages.push(`Customer type must be one of: ${CUSTOMER_TYPES.join(', ')}.`);
  }
  const source = text('source');
  if (source !== undefined) {
    const value = optionValue(source);
    if ((CUSTOMER_SOURCES as readonly string[]).includes(value)) input.source = value;
    else messages.push(`Source must be one of: ${CUSTOMER_SOURCES.join(', ')}.`);
  }
  const latitude = numberCell(cells.latitude ?? '', 'Latitude', messages);
  if (latitude !== undefined) input.latitude = latitude;
  const longitude = numberCell(cells.longitude ?? '', 'Longitude', messages);
  if (longitude !== undefined) input.longitude = longitude;

  const parsed = customerInputSchema.safeParse(input);
  if (!parsed.success) messages.unshift(...parsed.error.issues.map((i) => i.message));
  if (!parsed.success || messages.length > 0) return { ok: false, messages };
  return { ok: true, values: parsed.data, assignedToText: text('assignedTo') ?? null };
}
