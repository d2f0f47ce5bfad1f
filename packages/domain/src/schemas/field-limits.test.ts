import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as domain from '../index.ts';
import {
  FIELD_LIMITS,
  outOfRangeMessage,
  tooLongMessage,
  groupThousands,
  tooManyMessage,
  type TextLimit,
} from './field-limits.ts';

// ---------------------------------------------------------------------------------------------
// Every input schema the domain exports is bounded (issue 16: 100 KB names, latitude 91 and
// 20,000 list entries were stored). A new schema lands in one of these two lists or this fails.

/** What the server answers with: never parsed from a request, so not bounded here. */
const ANSWER_SCHEMAS = new Set([
  // Who is signed in, their businesses and onboarding, the outbox (issue 44: moved from routes).
  'businessAccountSchema',
  'onboardingStateSchema',
  'onboardingBusinessAnswerSchema',
  'sessionUserSchema',
  'meSchema',
  'outboxItemSchema',
  'outboxPageSchema',
  // The offline visit view's answers (issue 26).
  'fieldChangeResultSchema',
  'fieldChangesResponseSchema',
  'fieldVisitSchema',
  'fieldPackSchema',
  // Settings > Data's answers (issue 25).
  'dataExportSchema',
  'dataExportsSchema',
  'dataImportResultSchema',
  // The assistant's answers (issue 24).
  'assistantSettingsSchema',
  'assistantConnectionTestSchema',
  'toolCallViewSchema',
  'proposalSchema',
  'assistantMessageSchema',
  'conversationSummarySchema',
  'conversationListSchema',
  'conversationDetailSchema',
  'chatStreamEventSchema',
  'toolLogEntrySchema',
  'toolLogListSchema',
  'accessTokenSchema',
  'accessTokenListSchema',
  'createdAccessTokenSchema',
  'assistantStatusSchema',
  'opportunitySummarySchema',
  'salesBoardSchema',
  'salesListSchema',
  'stageMoveSchema',
  'timelineEntrySchema',
  'opportunityDetailSchema',
  'salesSettingsSchema',
  'salesOwnersSchema',
  'sourceToCashSchema',
  'screenLinkSchema',
  'figureDefinitionSchema',
  'revenueRowSchema',
  'revenueReportSchema',
  'reportSourceRowSchema',
  'reportSourceRowsSchema',
  'ageingRowSchema',
  'receivablesReportSchema',
  'homeTodaySchema',
  'homeMoneySchema',
  'homeGettingStartedSchema',
  'homeMyNextVisitsSchema',
  'quoteCountsSchema',
  'quoteConversionReportSchema',
  'quoteRowSchema',
  'quoteRowsSchema',
  'jobCountsSchema',
  'jobsReportSchema',
  'jobRowSchema',
  'jobRowsSchema',
  'revenueAheadWindowSchema',
  'revenueAheadReportSchema',
  'revenueAheadRowSchema',
  'revenueAheadRowsSchema',
  'homeMyPipelineSchema',
  'teamMinutesSchema',
  'teamHoursReportSchema',
  'teamHoursRowSchema',
  'teamHoursRowsSchema',
  'marginFiguresSchema',
  'marginReportSchema',
  'marginRowSchema',
  'marginRowsSchema',
  'reportScheduleSchema',
  'reportSchedulesSchema',
  'timeEntrySchema',
  'jobCostingSchema',
  'similarVisitsSchema',
  'inventoryCategorySchema',
  'inventoryLocationSchema',
  'stockForecastSchema',
  'inventoryItemSchema',
  'movementSchema',
  'inventoryItemListSchema',
  'movementPageSchema',
  'locationStockSchema',
  'inventoryItemDetailSchema',
  'reorderListSchema',
  'countResultSchema',
  'inventorySettingsSchema',
  'visitMaterialsSchema',
  'itemImportPreviewSchema',
  'itemImportResultSchema',
  'importRowErrorSchema',
  'timeCorrectionSchema',
  'timeCorrectionListSchema',
  'timeStatusSchema',
  'punchResultSchema',
  'timeEntryListSchema',
  'timeEntryChangeSchema',
  'timeEntryTrailSchema',
  'timesheetRowSchema',
  'timesheetWeekSchema',
  'myLocationsSchema',
  'storedRoleSchema',
  'customerSchema',
  'customerListResponseSchema',
  'customerImportPreviewSchema',
  'customerImportRowErrorSchema',
  'customerImportResultSchema',
  'businessSummarySchema',
  'requestCustomerSchema',
  'requestSchema',
  'requestEventSchema',
  'requestDetailSchema',
  'requestListResponseSchema',
  'proposalOptionSchema',
  'requestAcceptanceSchema',
  'requestDeclineSchema',
  'sharedBusinessSchema',
  'sharedRequestSchema',
  'sendEstimateEmailResponseSchema',
  'publicRequestFormInfoSchema',
  'jobPersonSchema',
  'jobCustomerSchema',
  'checklistItemSchema',
  'jobPhotoSchema',
  'jobEventSchema',
  'visitSummarySchema',
  'jobDetailSchema',
  'jobListResponseSchema',
  'scheduleResponseSchema',
  'myVisitsResponseSchema',
  'calendarFeedSchema',
  'mapCustomerPinSchema',
  'mapStartSchema',
  'mapResponseSchema',
  'mapTilesSchema',
  'routeSuggestionSchema',
  'invoiceFiguresSchema',
  'invoiceSummarySchema',
  'paymentRecordSchema',
  'invoiceEventSchema',
  'invoiceDetailSchema',
  'invoiceListResponseSchema',
  'customerBalanceSchema',
  'paymentListResponseSchema',
  'paymentDetailSchema',
  'invoiceHistoryResponseSchema',
  'sendInvoiceResponseSchema',
  'invoiceSettingsResponseSchema',
  'publicInvoiceSchema',
  'checkoutResponseSchema',
  'publicPaymentStatusSchema',
  'businessProfileResponseSchema',
  'teamEmployeeSchema',
  'teamInvitationSchema',
  'publicInvitationSchema',
  'locationSuggestionSchema',
  'locationDetailsSchema',
  // Notifications, the live channel and webhooks (issue 18).
  'liveEventSchema',
  'notificationSchema',
  'notificationPageSchema',
  'unreadCountSchema',
  'notificationSettingsSchema',
  'webhookEndpointSchema',
  'createdWebhookEndpointSchema',
  'webhookDeliverySchema',
  'webhookPayloadSchema',
  'pushConfigSchema',
  // Inspections (issue 20).
  'inspectionTemplateSchema',
  'inspectionTemplateListSchema',
  'inspectionScoreSchema',
  'inspectionFindingSchema',
  'inspectionPhotoSchema',
  'inspectionAnswerSchema',
  'inspectionListItemSchema',
  'inspectionListResponseSchema',
  'inspectionMissingSchema',
  'inspectionDetailSchema',
  'inspectionShareSchema',
  'sendInspectionReportResponseSchema',
  'findingsQuoteResultSchema',
  'sharedInspectionSchema',
  // The client hub's answers (issue 26).
  'clientHubLinkSchema',
  'clientHubCodeSentSchema',
  'clientHubQuoteSchema',
  'clientHubVisitSchema',
  'clientHubInvoiceSchema',
  'clientHubReportSchema',
  'clientHubProofSchema',
  'clientHubSchema',
  'clientHubRevokeResponseSchema',
  // The access vault's answers (issue 26).
  'accessEntrySchema',
  'accessEntryListSchema',
  'accessRevealSchema',
  'accessRevealLogEntrySchema',
  'accessRevealLogSchema',
  'visitAccessSchema',
  // Proof of service's answers (issue 26).
  'sharedProofSchema',
  'visitProofSchema',
]);

const exportedSchemas = (Object.entries(domain) as [string, unknown][]).filter(
  (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType,
);
const inputSchemas = exportedSchemas.filter(([name]) => !ANSWER_SCHEMAS.has(name));

/** Strings of a fixed shape need no length of their own. */
const FIXED_FORMATS = new Set(['uuid', 'guid', 'date', 'datetime', 'time', 'duration']);

interface Leaf {
  path: string;
  kind: 'text' | 'number' | 'list' | 'other';
  bounded: boolean;
}

type Def = {
  type: string;
  format?: string;
  checks?: { _zod: { def: { check: string } } }[];
  [key: string]: unknown;
};
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def) => (def.checks ?? []).map((c) => c._zod.def.check);

/** The schema's data leaves, each with whether it has an upper bound (and a lower one for numbers). */
function leaves(schema: unknown, path = ''): Leaf[] {
  const def = defOf(schema);
  const checks = checksOf(def);
  switch (def.type) {
    case 'string':
      return [
        {
          path,
          kind: 'text',
          bounded:
            FIXED_FORMATS.has(def.format ?? '') ||
            checks.includes('max_length') ||
            checks.includes('length_equals'),
        },
      ];
    case 'number':
      return [
        {
          path,
          kind: 'number',
          bounded: checks.includes('greater_than') && checks.includes('less_than'),
        },
      ];
    case 'array':
      return [
        { path, kind: 'list', bounded: checks.includes('max_length') },
        ...leaves(def.element, `${path}[]`),
      ];
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, value]) =>
        leaves(value, path ? `${path}.${key}` : key),
      );
    case 'record':
      return leaves(def.valueType, `${path}{}`);
    case 'union':
      return (def.options as unknown[]).flatMap((option) => leaves(option, path));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return leaves(def.innerType, path);
    case 'pipe': {
      // A preprocess or a transform then a schema: the schema after it is what is checked.
      const out = defOf(def.out);
      return leaves(out.type === 'transform' ? def.in : def.out, path);
    }
    case 'enum':
    case 'literal':
    case 'boolean':
    case 'null':
    case 'undefined':
    case 'transform':
      return [];
    default:
      return [{ path, kind: 'other', bounded: false }];
  }
}

describe('every input schema of the domain is bounded', () => {
  it('finds the input schemas (the list is not empty by accident)', () => {
    expect(inputSchemas.length).toBeGreaterThan(40);
    for (const name of ANSWER_SCHEMAS) expect(domain).toHaveProperty(name);
  });

  it.each(inputSchemas)(
    '%s: every text has a maximum length, every list a maximum count, every number a range',
    (_name, schema) => {
      const unbounded = leaves(schema)
        .filter((leaf) => !leaf.bounded)
        .map((leaf) => `${leaf.kind} ${leaf.path || '(the value)'}`);
      expect(unbounded).toEqual([]);
    },
  );
});

// ---------------------------------------------------------------------------------------------
// The limits table applied to each schema: for every text field, the maximum passes and one
// character more fails with the field's own message.

const T = FIELD_LIMITS.text;
const UUID = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
const email = (length: number) => `${'a'.repeat(length - '@example.test'.length)}@example.test`;
const text = (length: number) => 'x'.repeat(length);

interface TextCase {
  /** A value of the schema that parses. */
  base: unknown;
  /** The text fields: [path, label, limit]; a path goes into arrays and records with dots. */
  fields: [path: string, label: string, limit: TextLimit | number, message?: string][];
  /** Makes a value of the given length for a field (default 'xxx…'; e-mail fields get an address). */
  fill?: Record<string, (length: number) => string>;
}

const contact = {
  base: { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.test', phone: '5125550100' },
  fields: [
    ['firstName', 'First name', 'personName'],
    ['lastName', 'Last name', 'personName'],
    ['email', 'Email', 'email'],
    ['phone', 'Phone', 'phone'],
    ['company', 'Company', 'company'],
    ['address', 'Address', 'address'],
    ['city', 'City', 'city'],
    ['state', 'State', 'state'],
    ['zip', 'Zip', 'zip'],
    ['whatsapp', 'WhatsApp', 'socialHandle'],
    ['facebook', 'Facebook', 'socialHandle'],
    ['instagram', 'Instagram', 'socialHandle'],
    ['assignedTo', 'Assigned to', 'reference'],
  ],
  fill: { email },
} satisfies TextCase;

const calculator = {
  base: {},
  fields: [
    ['additionalServices.0', 'Each additional service', 'listEntry'],
    ['email', 'Email', 'email'],
    ['phone', 'Phone', 'phone'],
    ['clientName', 'Client name', 'fullName'],
    ['customer_id', 'Contact', 'reference'],
    ['assignee', 'Assignee', 'reference'],
    ['specificAreas.0', 'Each specific area', 'listEntry'],
    ['accessibility.0', 'Each accessibility factor', 'listEntry'],
    ['clientPreferences.0', 'Each client preference', 'listEntry'],
    ['timeConstraints.startTime', 'Start time', 'shortCode'],
    ['timeConstraints.endTime', 'End time', 'shortCode'],
    ['toolRequirements.0.name', 'Tool name', 'label'],
  ],
  fill: { email },
} satisfies TextCase;

const tool = { name: 'Mop', quantity: 1, costPerUnit: 1, sellingPrice: 2, required: true };
const lineItem = { description: 'Visit', quantity: 1, unitPriceCents: 100 };
const invoiceSettings = {
  prefix: 'INV-',
  defaultPaymentTerms: 'net_30',
  defaultTaxRateBasisPoints: 0,
  defaultTerms: '',
  paymentInstructions: '',
  remindersEnabled: false,
  reminderOffsets: [],
};

const TEXT_CASES: Record<string, TextCase> = {
  contactFormSchema: contact,
  customerInputSchema: {
    ...contact,
    fields: [...contact.fields, ['notes', 'Notes', 'customerNotes']],
  },
  calculatorSchema: calculator,
  requestInputSchema: {
    ...calculator,
    fields: [
      ...calculator.fields,
      ['proposal_type', 'Proposal type', 'shortCode'],
      ['title', 'Title', 'title'],
      ['description', 'Description', 'description'],
    ],
  },
  teamNameSchema: { base: 'Window team', fields: [['', 'Team name', 'teamName']] },
  credentialsSchema: {
    base: { email: 'ann@example.test', password: 'velvet harbor' },
    fields: [
      ['email', 'Email', 'email'],
      ['phone', 'Phone', 'phone'],
      ['password', 'Password', 128, 'Password must be at most 128 characters.'],
    ],
    fill: { email },
  },
  signUpSchema: {
    base: { email: 'ann@example.test', password: 'velvet harbor' },
    fields: [
      ['email', 'Email', 'email'],
      ['password', 'Password', 128, 'Password must be at most 128 characters.'],
      ['firstName', 'First name', 'personName'],
      ['lastName', 'Last name', 'personName'],
      ['businessName', 'Business name', 'businessName'],
    ],
    fill: { email },
  },
  phoneSignUpSchema: {
    base: { phoneNumber: '+15125550100', password: 'velvet harbor' },
    fields: [
      ['phoneNumber', 'Phone number', 'phone'],
      ['password', 'Password', 128, 'Password must be at most 128 characters.'],
      ['firstName', 'First name', 'personName'],
      ['lastName', 'Last name', 'personName'],
      ['businessName', 'Business name', 'businessName'],
    ],
    // A number of the maximum length with its formatting (the digits alone are at most 15).
    fill: { phoneNumber: (n) => `+1 512 555 0100${' '.repeat(n - 15)}` },
  },
  contactMessageSchema: {
    base: { name: 'Ann', email: 'ann@example.test', message: 'Hello, a question about prices.' },
    fields: [
      ['name', 'Your name', 'fullName'],
      ['email', 'Email', 'email'],
      ['subject', 'Subject', 'subject'],
      ['message', 'Message', 'message'],
    ],
    fill: { email },
  },
  businessProfileSchema: {
    base: { businessName: 'Acme' },
    fields: [
      ['businessName', 'Business name', 'businessName'],
      ['businessDetails', 'Business details', 'longText'],
      ['industry', 'Industry', 'industry'],
      ['address', 'Address', 'address'],
      ['city', 'City', 'city'],
      ['state', 'State', 'state'],
      ['zip', 'Zip', 'zip'],
      ['phone', 'Phone', 'phone'],
      ['email', 'Email', 'email'],
      ['website', 'Website', 'website'],
    ],
    fill: { email },
  },
  onboardingProfileSchema: {
    base: { firstName: 'Ann', lastName: 'Lee' },
    fields: [
      ['firstName', 'First name', 'personName'],
      ['lastName', 'Last name', 'personName'],
    ],
  },
  onboardingBusinessSchema: {
    base: { businessName: 'Acme' },
    fields: [
      ['businessName', 'Business name', 'businessName'],
      ['businessDetails', 'Business details', 'longText'],
      ['industry', 'Industry', 'industry'],
      ['address', 'Address', 'address'],
      ['phone', 'Phone', 'phone'],
      ['email', 'Email', 'email'],
      ['website', 'Website', 'website'],
    ],
    fill: { email },
  },
  employeeSchema: {
    base: { firstName: 'Ann', lastName: 'Lee' },
    fields: [
      ['firstName', 'First name', 'personName'],
      ['lastName', 'Last name', 'personName'],
      ['email', 'Email', 'email'],
      ['phone', 'Phone', 'phone'],
    ],
    fill: { email },
  },
  employeeUpdateSchema: {
    base: {},
    fields: [
      ['firstName', 'First name', 'personName'],
      ['lastName', 'Last name', 'personName'],
      ['email', 'Email', 'email'],
      ['phone', 'Phone', 'phone'],
    ],
    fill: { email },
  },
  invitationSchema: {
    base: { email: 'ann@example.test', role: 'team_member' },
    fields: [['email', 'Email', 'email']],
    fill: { email },
  },
  invitationSignUpSchema: {
    base: { firstName: 'Ann', lastName: 'Lee', password: 'velvet harbor' },
    fields: [
      ['firstName', 'First name', 'personName'],
      ['lastName', 'Last name', 'personName'],
      ['password', 'Password', 128, 'Password must be at most 128 characters.'],
    ],
  },
  customerImportBodySchema: {
    base: { csv: 'First\nAnn', mapping: { firstName: 'First' }, mode: 'valid-only' },
    fields: [['mapping.firstName', 'A column name', 'csvHeader']],
  },
  acceptSharedRequestSchema: {
    base: { name: 'Ann Lee' },
    fields: [['name', 'Your name', 'fullName']],
  },
  declineSharedRequestSchema: {
    base: { reason: 'Too far' },
    fields: [['reason', 'The reason', 'longText']],
  },
  sendEstimateEmailSchema: {
    base: {
      recipientEmail: 'ann@example.test',
      estimateId: UUID,
      clientName: 'Ann',
      shareToken: UUID,
      amount: 10,
      expirationDate: '2026-06-01',
      isQuote: false,
    },
    fields: [
      ['recipientEmail', 'Email', 'email'],
      ['clientName', 'Client name', 'fullName'],
      ['shareToken', 'Share token', 'reference'],
      ['expirationDate', 'Expiration date', 'shortCode'],
    ],
    fill: { recipientEmail: email },
  },
  publicRequestFormSchema: {
    base: {
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.test',
      service: 'deep-cleaning',
    },
    fields: [
      ['firstName', 'First name', 'personName'],
      ['lastName', 'Last name', 'personName'],
      ['email', 'Email', 'email'],
      ['phone', 'Phone', 'phone'],
      ['address', 'Address', 'multilineAddress'],
      ['message', 'Message', 'longText'],
      ['website', 'Website', 'website'],
    ],
    fill: { email },
  },
  jobLineItemSchema: { base: lineItem, fields: [['description', 'Description', 'label']] },
  jobInputSchema: {
    base: { title: 'Clean', location: '1 Main St' },
    fields: [
      ['title', 'Title', 'title'],
      ['location', 'Location', 'multilineAddress'],
      ['notes', 'Notes', 'notes'],
      ['lineItems.0.description', 'Description', 'label'],
      ['checklist.0', 'A checklist item', 'label'],
    ],
  },
  checklistItemInputSchema: {
    base: { label: 'Mop' },
    fields: [['label', 'A checklist item', 'label']],
  },
  jobNoteInputSchema: { base: { text: 'Hi' }, fields: [['text', 'A note', 'notes']] },
  invoiceLineItemSchema: {
    base: lineItem,
    fields: [['description', 'Description', 'lineItemDescription']],
  },
  invoiceInputSchema: {
    base: { clientName: 'Ann', issueDate: '2026-05-04', lineItems: [lineItem] },
    fields: [
      ['clientName', 'Client name', 'fullName'],
      ['clientEmail', 'Email', 'email'],
      ['billingAddress', 'Billing address', 'multilineAddress'],
      ['lineItems.0.description', 'Description', 'lineItemDescription'],
      ['notes', 'Notes', 'notes'],
      ['terms', 'Terms', 'terms'],
    ],
    fill: { clientEmail: email },
  },
  paymentInputSchema: {
    base: { method: 'cash', amountCents: 100, paidOn: '2026-05-04' },
    fields: [
      ['reference', 'Reference', 'paymentReference'],
      ['notes', 'Notes', 'paymentNotes'],
    ],
  },
  sendInvoiceSchema: {
    base: { to: 'ann@example.test' },
    fields: [
      ['to', 'Email', 'email'],
      ['message', 'Message', 'longText'],
    ],
    fill: { to: email },
  },
  invoiceSettingsSchema: {
    base: invoiceSettings,
    fields: [
      ['prefix', 'Prefix', 'invoicePrefix'],
      ['defaultTerms', 'Default terms', 'terms'],
      ['paymentInstructions', 'Payment instructions', 'longText'],
    ],
  },
};

/** Sets `value` at a dotted path ('lineItems.0.description'), copying what it passes through. */
function withValue(base: unknown, path: string, value: unknown): unknown {
  if (path === '') return value;
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  const index = Number(head);
  const container = Number.isInteger(index)
    ? [...((base as unknown[]) ?? [])]
    : { ...(base as object) };
  const current = (container as Record<string, unknown>)[head];
  const seed = current ?? (rest.length > 0 && Number.isInteger(Number(rest[0])) ? [] : {});
  (container as Record<string, unknown>)[head] =
    rest.length === 0 ? value : withValue(seed, rest.join('.'), value);
  return container;
}

/** The base, with list fields that the path goes into seeded with a valid entry. */
function baseFor(schemaName: string, path: string, base: unknown): unknown {
  if (path.startsWith('toolRequirements.'))
    return { ...(base as object), toolRequirements: [tool] };
  if (path.startsWith('lineItems.') && schemaName === 'jobInputSchema')
    return { ...(base as object), lineItems: [lineItem] };
  return base;
}

const textRows = Object.entries(TEXT_CASES).flatMap(([schemaName, c]) =>
  c.fields.map(([path, label, limit, message]) => {
    const max = typeof limit === 'number' ? limit : T[limit];
    return {
      schemaName,
      path,
      max,
      message: message ?? tooLongMessage(label, max),
      base: c.base,
      fill:
        c.fill?.[path] ??
        (c.fill as Record<string, (n: number) => string> | undefined)?.[path.split('.')[0]!] ??
        text,
    };
  }),
);

const schemaNamed = (name: string) =>
  (domain as unknown as Record<string, z.ZodType>)[name] as z.ZodType;

describe('FIELD_LIMITS applied to each schema: max passes, one more fails with the message', () => {
  it.each(textRows)(
    '$schemaName $path: $max characters',
    ({ schemaName, path, max, message, base, fill }) => {
      const schema = schemaNamed(schemaName);
      const start = baseFor(schemaName, path, base);
      expect(schema.safeParse(start).success).toBe(true);

      const atMax = schema.safeParse(withValue(start, path, fill(max)));
      expect(atMax.error?.issues ?? []).toEqual([]);

      const over = schema.safeParse(withValue(start, path, fill(max + 1)));
      expect(over.success).toBe(false);
      const issuePath =
        path === '' ? [] : path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
      expect(over.error!.issues).toContainEqual(
        expect.objectContaining({ path: issuePath, message }),
      );
    },
  );

  it('every text field of these schemas is in the table', () => {
    const missing = Object.entries(TEXT_CASES).flatMap(([schemaName, c]) => {
      const listed = new Set(c.fields.map(([path]) => path.replace(/\.\d+/g, '[]')));
      return leaves(schemaNamed(schemaName))
        .filter(
          (leaf) => leaf.kind === 'text' && !listed.has(leaf.path.replace(/\{\}/g, '.firstName')),
        )
        .filter((leaf) => !isFixedFormat(schemaNamed(schemaName), leaf.path))
        .filter((leaf) => !NOT_TYPED.has(`${schemaName} ${leaf.path}`))
        .map((leaf) => `${schemaName} ${leaf.path}`);
    });
    expect(missing).toEqual([]);
  });
});

/** Bounded, but not free text with a "characters or fewer" message. */
const NOT_TYPED = new Set([
  // Picked from the list of zones; anything else answers 'Choose a time zone from the list.'
  'businessProfileSchema timeZone',
  'onboardingBusinessSchema timeZone',
  // An ISO 4217 code (three letters), else 'Choose a currency by its ISO 4217 code…'.
  'businessProfileSchema currency',
  // Picked from the list of locales; anything else answers 'Choose a date and number format…'.
  'businessProfileSchema locale',
  // The file itself: measured in bytes by the server (413 past 5 MB).
  'customerImportBodySchema csv',
  // A date and time of a fixed shape, '2026-05-04T09:00:00'.
  'jobInputSchema startsAt',
]);

/** Uuid, date and time fields are of fixed shape: not text a person types. */
function isFixedFormat(schema: z.ZodType, path: string): boolean {
  const fixed = leavesWithFormat(schema)
    .filter((l) => l.fixed)
    .map((l) => l.path);
  return fixed.includes(path);
}

function leavesWithFormat(schema: unknown, path = ''): { path: string; fixed: boolean }[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return [{ path, fixed: FIXED_FORMATS.has(def.format ?? '') }];
    case 'array':
      return leavesWithFormat(def.element, `${path}[]`);
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, value]) =>
        leavesWithFormat(value, path ? `${path}.${key}` : key),
      );
    case 'union':
      return (def.options as unknown[]).flatMap((option) => leavesWithFormat(option, path));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return leavesWithFormat(def.innerType, path);
    case 'pipe': {
      const out = defOf(def.out);
      return leavesWithFormat(out.type === 'transform' ? def.in : def.out, path);
    }
    default:
      return [];
  }
}

// ---------------------------------------------------------------------------------------------
// Ranges and counts that issue 16 found open.

describe('ranges and counts', () => {
  const contactBase = contact.base;

  it.each([
    [91, 'latitude', outOfRangeMessage('Latitude', FIELD_LIMITS.range.latitude)],
    [-90.5, 'latitude', outOfRangeMessage('Latitude', FIELD_LIMITS.range.latitude)],
    [1e308, 'longitude', outOfRangeMessage('Longitude', FIELD_LIMITS.range.longitude)],
    [-181, 'longitude', outOfRangeMessage('Longitude', FIELD_LIMITS.range.longitude)],
  ])('when a contact has %s as %s, then it is refused with %j', (value, field, message) => {
    const result = domain.customerInputSchema.safeParse({ ...contactBase, [field]: value });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: [field], message })]);
  });

  it.each([
    [90, 180],
    [-90, -180],
    [0, 0],
  ])('when a contact is at %s, %s, then the position is taken', (latitude, longitude) => {
    expect(
      domain.customerInputSchema.safeParse({ ...contactBase, latitude, longitude }).success,
    ).toBe(true);
  });

  it.each(['additionalServices', 'specificAreas', 'accessibility', 'clientPreferences'] as const)(
    'when %s has more entries than the limit, then it is refused',
    (field) => {
      const max = FIELD_LIMITS.items.calculatorChoices;
      const ok = domain.requestInputSchema.safeParse({ [field]: Array(max).fill('kitchen') });
      expect(ok.success).toBe(true);
      const over = domain.requestInputSchema.safeParse({ [field]: Array(20_000).fill('kitchen') });
      expect(over.error?.issues).toEqual([
        expect.objectContaining({
          path: [field],
          message: expect.stringMatching(/can have at most 50 entries\.$/),
        }),
      ]);
    },
  );

  it('when specific areas has 20,000 entries, then the message names the field and the limit', () => {
    const over = domain.requestInputSchema.safeParse({ specificAreas: Array(20_000).fill('x') });
    expect(over.error?.issues[0]?.message).toBe(tooManyMessage('Specific areas', 50));
  });

  it.each([
    ['squareFootage', 1_000_001, 'Square footage must be 1,000,000 or less.'],
    ['numberOfRooms', 1001, 'Number of rooms must be 1,000 or less.'],
    ['hourlyRate', 1_000_001, 'Hourly rate must be 1,000,000 or less.'],
    ['totalAmount', 1e308, 'Total amount must be 1,000,000 or less.'],
    ['profit', -1e308, 'Profit must be between -1,000,000 and 1,000,000.'],
  ])('when the calculator has %s %s, then it is refused with %j', (field, value, message) => {
    const result = domain.calculatorSchema.safeParse({ [field]: value });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: [field], message })]);
  });

  it('the messages are plain and specific', () => {
    expect(tooLongMessage('First name', 100)).toBe('First name must be 100 characters or fewer.');
    expect(tooManyMessage('Specific areas', 50)).toBe(
      'Specific areas can have at most 50 entries.',
    );
    expect(outOfRangeMessage('Latitude', { min: -90, max: 90 })).toBe(
      'Latitude must be between -90 and 90.',
    );
  });

  it.each([0, 7, 999, 1000, 10_000, 1_000_000, 2_147_483_647, -1_000_000, -90, 1.5, 12_345.75])(
    'groups %s as en-US does, without loading the number formatter for whole numbers',
    (value) => {
      expect(groupThousands(value)).toBe(value.toLocaleString('en-US'));
    },
  );

  it("the spec's own rules stay: names from 2 characters, a phone from 10, search from 2", () => {
    const short = domain.contactFormSchema.safeParse({
      ...contactBase,
      firstName: 'A',
      lastName: 'B',
      phone: '123',
    });
    expect(short.error?.issues.map((i) => i.message)).toEqual([
      'First name must be at least 2 characters.',
      'Last name must be at least 2 characters.',
      'Please enter a valid phone number.',
    ]);
    expect(domain.customerSearchQuerySchema.safeParse({ q: 'a' }).success).toBe(false);
  });
});
