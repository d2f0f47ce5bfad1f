import { z } from 'zod';
import { rolesForRoute } from '../auth/access.ts';
import type { Role } from '../auth/roles.ts';
import { sharedBusinessSchema } from '../requests/share-api.ts';
import { emptyAsUndefined } from '../schemas/api-fields.ts';
import { FIELD_LIMITS, tooLongMessage } from '../schemas/field-limits.ts';
import {
  INSPECTION_ITEM_KINDS,
  INSPECTION_LIMITS,
  INSPECTION_MESSAGES,
  inspectionTemplateInputSchema,
} from './inspection-rules.ts';
import { STARTER_TEMPLATE_KEYS } from './inspection-starters.ts';

const T = FIELD_LIMITS.text;

/** Spec section 6: /inspections is for admins, managers, team leaders and team members. */
export const INSPECTIONS_ROUTE_ROLES: readonly Role[] = rolesForRoute('/inspections');

export const INSPECTION_STATUSES = ['draft', 'in_progress', 'finished'] as const;
export type InspectionStatus = (typeof INSPECTION_STATUSES)[number];

export const INSPECTION_LIST_DEFAULT_LIMIT = 25;
export const INSPECTION_LIST_MAX_LIMIT = 100;

export const INSPECTION_ALREADY_FINISHED_MESSAGE =
  'This inspection is already finished; its answers and signature can no longer change.';
export const INSPECTION_NEEDS_PLACE_MESSAGE =
  'Start an inspection on a visit or at a contact’s address: give jobId or customerId.';
export const SHARED_INSPECTION_NOT_FOUND_MESSAGE =
  'This report link is not valid. It may have been removed by the business.';
export const FINDINGS_ALREADY_ACCEPTED_MESSAGE =
  'The findings of this report have already been accepted.';
export const INSPECTION_NOT_FINISHED_MESSAGE =
  'Finish the inspection before sharing its report or quoting its findings.';

const optionalFilter = <S extends z.ZodType>(schema: S) =>
  z.preprocess(emptyAsUndefined, schema.optional());
const localDate = (name: string) => z.iso.date(`${name} must be YYYY-MM-DD`);
const percent = (name: string) =>
  z.coerce
    .number(`${name} must be a number`)
    .min(0, `${name} must be between 0 and 100`)
    .max(100, `${name} must be between 0 and 100`);
const fullName = (message: string) =>
  z.string(message).trim().min(2, message).max(T.fullName, tooLongMessage('The name', T.fullName));

// ---------------------------------------------------------------------------------------------
// Templates
// ---------------------------------------------------------------------------------------------

export const inspectionTemplateSchema = z.object({
  /** This version's id: what an inspection starts from. */
  id: z.uuid(),
  /** The same for every version of one template. */
  familyId: z.uuid(),
  version: z.number().int(),
  name: z.string(),
  description: z.string(),
  passMarkPercent: z.number().int(),
  sections: inspectionTemplateInputSchema.shape.sections,
  archived: z.boolean(),
  /** The starter it was adopted from, if any. */
  starterKey: z.enum(STARTER_TEMPLATE_KEYS).nullable(),
  itemCount: z.number().int(),
  createdAt: z.string(),
});
export type InspectionTemplate = z.output<typeof inspectionTemplateSchema>;

export const inspectionTemplateListSchema = z.object({
  /** The newest version of each template. */
  items: z.array(inspectionTemplateSchema),
  /** The starters not adopted yet: POST /api/inspection-templates/starters/:key adopts one. */
  starters: z.array(
    z.object({
      key: z.enum(STARTER_TEMPLATE_KEYS),
      name: z.string(),
      description: z.string(),
      itemCount: z.number().int(),
    }),
  ),
});
export type InspectionTemplateList = z.output<typeof inspectionTemplateListSchema>;

export const inspectionTemplateListQuerySchema = z.object({
  archived: optionalFilter(z.enum(['true', 'false'], { error: 'archived must be true or false' })),
});

// ---------------------------------------------------------------------------------------------
// Inspections
// ---------------------------------------------------------------------------------------------

/** POST /api/inspections: on a visit, or at a contact's address (the site). */
export const startInspectionInputSchema = z
  .object({
    templateId: z.uuid('templateId must be a template id'),
    jobId: z.uuid('jobId must be a visit id').nullable().default(null),
    customerId: z.uuid('customerId must be a contact id').nullable().default(null),
    /** Where the inspection is; the visit's location or the contact's address when not given. */
    siteAddress: z
      .string()
      .trim()
      .max(T.multilineAddress, tooLongMessage('Site address', T.multilineAddress))
      .nullable()
      .default(null),
    /** The inspector (a team member); the signed-in person when not given. */
    inspectorId: z.uuid('inspectorId must be a team member id').nullable().default(null),
  })
  .refine((v) => v.jobId !== null || v.customerId !== null, {
    message: INSPECTION_NEEDS_PLACE_MESSAGE,
    path: ['jobId'],
  });
export type StartInspectionInput = z.input<typeof startInspectionInputSchema>;

/** PATCH /api/inspections/:id/notes: the inspection's own notes. */
export const inspectionNotesInputSchema = z.object({
  notes: z.string().trim().max(T.notes, tooLongMessage('Notes', T.notes)).optional(),
  internalNotes: z
    .string()
    .trim()
    .max(T.notes, tooLongMessage('Internal notes', T.notes))
    .optional(),
});

/** POST /api/inspections/:id/finish: the inspector signs. */
export const finishInspectionInputSchema = z.object({
  signatureName: fullName(INSPECTION_MESSAGES.signatureNameRequired),
  /** The drawn signature, a PNG data URL from the phone's canvas; the typed name alone also signs. */
  signatureImage: z
    .string()
    .max(INSPECTION_LIMITS.signatureImageLength, 'The drawn signature is too large.')
    .regex(
      /^data:image\/png;base64,[A-Za-z0-9+/=]+$/,
      'The drawn signature must be a PNG data URL.',
    )
    .nullable()
    .default(null),
});
export type FinishInspectionInput = z.input<typeof finishInspectionInputSchema>;

const scorePartSchema = z.object({
  percent: z.number().nullable(),
  weight: z.number(),
  earned: z.number(),
  failedCount: z.number().int(),
});

export const inspectionScoreSchema = z.object({
  overall: scorePartSchema.extend({
    passMarkPercent: z.number().int(),
    passed: z.boolean().nullable(),
  }),
  sections: z.array(scorePartSchema.extend({ key: z.string(), title: z.string() })),
});

export const inspectionFindingSchema = z.object({
  id: z.string(),
  sectionTitle: z.string(),
  itemLabel: z.string(),
  description: z.string(),
  priceCents: z.number().int(),
});

export const inspectionPhotoSchema = z.object({
  id: z.uuid(),
  /** Where the photo is read (the staff URL, or the shared report's public one). */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

export const inspectionAnswerSchema = z.object({
  itemKey: z.string(),
  kind: z.enum(INSPECTION_ITEM_KINDS),
  /** The answer's value: 'pass' | 'fail' | 'na', 1–5, 'yes' | 'no', a number, a text; null for photo. */
  value: z.union([z.string(), z.number()]).nullable(),
  /** For a signature item: the typed name. */
  name: z.string().nullable(),
  note: z.string(),
  /** Staff only; absent on the shared report. */
  internalNote: z.string().optional(),
  failed: z.boolean(),
  photos: z.array(inspectionPhotoSchema),
  updatedAt: z.string(),
});
export type InspectionAnswer = z.output<typeof inspectionAnswerSchema>;

const personRefSchema = z.object({ id: z.uuid(), name: z.string() });

export const inspectionListItemSchema = z.object({
  id: z.uuid(),
  status: z.enum(INSPECTION_STATUSES),
  templateId: z.uuid(),
  templateFamilyId: z.uuid(),
  templateName: z.string(),
  templateVersion: z.number().int(),
  contact: personRefSchema.nullable(),
  job: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  siteAddress: z.string(),
  inspector: personRefSchema.nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The overall score cached at finish; null before, or when nothing scored. */
  scorePercent: z.number().nullable(),
  passed: z.boolean().nullable(),
});
export type InspectionListItem = z.output<typeof inspectionListItemSchema>;

export const inspectionListResponseSchema = z.object({
  items: z.array(inspectionListItemSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
  totalCapped: z.boolean(),
});
export type InspectionListResponse = z.output<typeof inspectionListResponseSchema>;

/** GET /api/inspections */
export const inspectionListQuerySchema = z
  .object({
    status: optionalFilter(
      z.enum(INSPECTION_STATUSES, {
        error: `status must be one of ${INSPECTION_STATUSES.join(', ')}`,
      }),
    ),
    /** A template (any of its versions): its family id. */
    templateId: optionalFilter(z.uuid('templateId must be a template id')),
    customerId: optionalFilter(z.uuid('customerId must be a contact id')),
    inspectorId: optionalFilter(z.uuid('inspectorId must be a team member id')),
    jobId: optionalFilter(z.uuid('jobId must be a visit id')),
    /** Started on or after / on or before these dates (the business's calendar). */
    from: optionalFilter(localDate('from')),
    to: optionalFilter(localDate('to')),
    /** The score band, in percent (finished inspections only). */
    scoreMin: optionalFilter(percent('scoreMin')),
    scoreMax: optionalFilter(percent('scoreMax')),
    passed: optionalFilter(z.enum(['true', 'false'], { error: 'passed must be true or false' })),
    /** Anywhere in the template's name, the contact's name or the site. */
    q: optionalFilter(
      z.string().trim().max(T.search, `Search can be at most ${T.search} characters.`),
    ),
    limit: optionalFilter(
      z.coerce
        .number('limit must be a number')
        .int('limit must be a whole number')
        .min(1, `limit must be between 1 and ${INSPECTION_LIST_MAX_LIMIT}`)
        .max(INSPECTION_LIST_MAX_LIMIT, `limit must be between 1 and ${INSPECTION_LIST_MAX_LIMIT}`),
    ),
    cursor: optionalFilter(
      z.string().max(200, 'cursor is not valid; start again from the first page'),
    ),
  })
  .refine((q) => q.scoreMin === undefined || q.scoreMax === undefined || q.scoreMin <= q.scoreMax, {
    message: 'scoreMin must not be above scoreMax',
    path: ['scoreMin'],
  });
export type InspectionListQuery = z.output<typeof inspectionListQuerySchema>;

export const inspectionMissingSchema = z.object({
  sectionKey: z.string(),
  itemKey: z.string(),
  label: z.string(),
  reason: z.enum(['unanswered', 'photo_required']),
});

export const inspectionDetailSchema = inspectionListItemSchema.extend({
  /** The template as it was when the inspection started: what the screens and the report show. */
  snapshot: inspectionTemplateInputSchema,
  answers: z.array(inspectionAnswerSchema),
  /** Computed from the answers now (a draft) or at finish (cached). */
  score: inspectionScoreSchema,
  /** What stops it from finishing; empty when it may finish. */
  missing: z.array(inspectionMissingSchema),
  findings: z.array(inspectionFindingSchema),
  notes: z.string(),
  internalNotes: z.string(),
  signature: z.object({ name: z.string(), hasImage: z.boolean(), signedAt: z.string() }).nullable(),
  /** The live share link (none, or revoked: null). */
  share: z.object({ url: z.string(), createdAt: z.string() }).nullable(),
  /** Quotes made from its findings (a client's acceptance, staff drafts). */
  quoteRequestIds: z.array(z.uuid()),
  /** The contact's e-mail, where "Send report" starts (null: no contact, or none on file). */
  contactEmail: z.string().nullable(),
});
export type InspectionDetail = z.output<typeof inspectionDetailSchema>;

// ---------------------------------------------------------------------------------------------
// Sharing and findings → quote
// ---------------------------------------------------------------------------------------------

export const inspectionShareSchema = z.object({ url: z.string(), createdAt: z.string() });

/** POST /api/inspections/:id/send: the report's link to the client by e-mail. */
export const sendInspectionReportInputSchema = z.object({
  recipientEmail: z
    .email('recipientEmail must be an e-mail address')
    .max(T.email, tooLongMessage('Email', T.email)),
  message: z.string().trim().max(T.longText, tooLongMessage('Message', T.longText)).default(''),
});

export const sendInspectionReportResponseSchema = z.object({
  sent: z.boolean(),
  message: z.string().nullable(),
  url: z.string(),
});

/** POST /api/inspections/:id/quote (staff) — the ids of findings to quote; prices are the snapshot's. */
export const findingsToQuoteInputSchema = z.object({
  findingIds: z
    .array(z.string().max(INSPECTION_LIMITS.keyLength, 'A finding id is too long.'))
    .min(1, INSPECTION_MESSAGES.chooseFindings)
    .max(INSPECTION_LIMITS.findingsPerQuote, 'Too many findings ticked.'),
});

/** POST /api/public/inspection-reports/:token/accept — the client ticks findings and signs. */
export const acceptFindingsInputSchema = findingsToQuoteInputSchema.extend({
  name: fullName('Type your full name to accept.'),
});
export type AcceptFindingsInput = z.input<typeof acceptFindingsInputSchema>;

export const findingsQuoteResultSchema = z.object({
  requestId: z.uuid(),
  status: z.string(),
  amountCents: z.number().int(),
  findingIds: z.array(z.string()),
});

/** GET /api/public/inspection-reports/:token: what the client sees (nothing internal). */
export const sharedInspectionSchema = z.object({
  business: sharedBusinessSchema,
  templateName: z.string(),
  contactName: z.string().nullable(),
  siteAddress: z.string(),
  inspectorName: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  sections: z.array(
    z.object({
      key: z.string(),
      title: z.string(),
      items: z.array(
        z.object({
          key: z.string(),
          label: z.string(),
          kind: z.enum(INSPECTION_ITEM_KINDS),
          unit: z.string().nullable(),
          answer: inspectionAnswerSchema.omit({ internalNote: true }).nullable(),
        }),
      ),
    }),
  ),
  notes: z.string(),
  score: inspectionScoreSchema,
  signatureName: z.string().nullable(),
  findings: z.array(inspectionFindingSchema),
  /** Set once the client has accepted findings from this report. */
  accepted: z
    .object({
      name: z.string(),
      acceptedAt: z.string(),
      findingIds: z.array(z.string()),
      amountCents: z.number().int(),
    })
    .nullable(),
  pdfUrl: z.string(),
});
export type SharedInspection = z.output<typeof sharedInspectionSchema>;

/** POST /api/inspections/:id/answers/:itemKey/photos?clientId=…: the device's id makes a retry store nothing new. */
export const inspectionPhotoQuerySchema = z.object({
  clientId: optionalFilter(z.uuid('clientId must be a uuid')),
});
