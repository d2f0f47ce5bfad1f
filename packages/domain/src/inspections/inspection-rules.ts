import { z } from 'zod';
import {
  FIELD_LIMITS,
  outOfRangeMessage,
  tooLongMessage,
  tooManyMessage,
} from '../schemas/field-limits.ts';

/**
 * Inspections (issue 20): a template of sections and items, copied into each inspection when it
 * starts (the snapshot), answered item by item, scored, and turned into findings with a price.
 * Everything here is pure: the server and the web call the same rules.
 */

export const INSPECTION_ITEM_KINDS = [
  'pass_fail_na',
  'rating_1_5',
  'yes_no',
  'number_with_unit',
  'text',
  'photo',
  'signature',
] as const;
export type InspectionItemKind = (typeof INSPECTION_ITEM_KINDS)[number];

/** The kinds whose answer scores and can fail; a number, a text, a photo or a signature does not. */
export const SCORED_ITEM_KINDS: readonly InspectionItemKind[] = [
  'pass_fail_na',
  'rating_1_5',
  'yes_no',
];

export function isScoredKind(kind: InspectionItemKind): boolean {
  return SCORED_ITEM_KINDS.includes(kind);
}

/** A rating at or below this fails (1 and 2 of 5: "poor" and "very poor"). */
export const RATING_FAIL_AT_OR_BELOW = 2;

export const INSPECTION_LIMITS = {
  sections: 30,
  itemsPerSection: 100,
  keyLength: 40,
  unitLength: 20,
  weight: { min: 0, max: 100 },
  passMarkPercent: { min: 0, max: 100 },
  number: { min: -1_000_000_000, max: 1_000_000_000 },
  /** A drawn signature as a PNG data URL: a phone's canvas stays well under this. */
  signatureImageLength: 400_000,
  findingsPerQuote: 500,
} as const;

const T = FIELD_LIMITS.text;
const L = INSPECTION_LIMITS;

export const INSPECTION_MESSAGES = {
  duplicateKey: (key: string) =>
    `The key "${key}" is used twice in this template; each must be unique.`,
  remedyOnUnscored:
    'A remedy can only be set on an item that can fail (pass/fail, rating or yes/no).',
  photoWhenFailedOnUnscored:
    '"Photo required when failed" can only be set on an item that can fail (pass/fail, rating or yes/no).',
  unitOnlyForNumbers: 'A unit can only be set on a number item.',
  wrongKind: (given: string, expected: string) =>
    `This item is answered as ${expected}, not ${given}.`,
  unknownItem: 'This template has no item with that key.',
  signatureNameRequired: 'Type the inspector’s full name to sign.',
  chooseFindings: 'Tick at least one finding.',
  unknownFinding: 'One of the ticked findings is not on this report.',
} as const;

const keySchema = (label: string) =>
  z
    .string(`${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .max(L.keyLength, tooLongMessage(label, L.keyLength))
    .regex(/^[A-Za-z0-9_-]+$/, `${label} may hold only letters, digits, - and _`);

const label = (name: string, max: number) =>
  z
    .string(`${name} is required`)
    .trim()
    .min(1, `${name} is required`)
    .max(max, tooLongMessage(name, max));

export const inspectionRemedySchema = z.object({
  description: label('Remedy description', T.lineItemDescription),
  priceCents: z
    .number('Remedy price must be a number of cents')
    .int('Remedy price must be whole cents')
    .min(
      FIELD_LIMITS.range.moneyCents.min,
      outOfRangeMessage('Remedy price', FIELD_LIMITS.range.moneyCents),
    )
    .max(
      FIELD_LIMITS.range.moneyCents.max,
      outOfRangeMessage('Remedy price', FIELD_LIMITS.range.moneyCents),
    ),
});
export type InspectionRemedy = z.output<typeof inspectionRemedySchema>;

export const inspectionItemSchema = z.object({
  /** Stable within the template and its versions: answers are stored by it. */
  key: keySchema('Item key'),
  label: label('Item label', T.label),
  kind: z.enum(INSPECTION_ITEM_KINDS, {
    error: `kind must be one of ${INSPECTION_ITEM_KINDS.join(', ')}`,
  }),
  required: z.boolean('required must be true or false').default(false),
  photoRequiredWhenFailed: z
    .boolean('photoRequiredWhenFailed must be true or false')
    .default(false),
  weight: z
    .number('weight must be a number')
    .int('weight must be a whole number')
    .min(L.weight.min, outOfRangeMessage('Weight', L.weight))
    .max(L.weight.max, outOfRangeMessage('Weight', L.weight))
    .default(1),
  /** For yes/no items: which answer is the bad one ("Any leaks?" → yes). */
  failingAnswer: z.enum(['yes', 'no'], { error: 'failingAnswer must be yes or no' }).default('no'),
  /** For number items: what the number counts ("°F", "psi"). */
  unit: z
    .string()
    .trim()
    .max(L.unitLength, tooLongMessage('Unit', L.unitLength))
    .nullable()
    .default(null),
  remedy: inspectionRemedySchema.nullable().default(null),
});
export type InspectionItem = z.output<typeof inspectionItemSchema>;

export const inspectionSectionSchema = z.object({
  key: keySchema('Section key'),
  title: label('Section title', T.title),
  items: z
    .array(inspectionItemSchema)
    .min(1, 'A section needs at least one item.')
    .max(L.itemsPerSection, tooManyMessage('A section', L.itemsPerSection)),
});
export type InspectionSection = z.output<typeof inspectionSectionSchema>;

/** The refusals a template's shape can earn beyond each field's own: keys, and per-kind options. */
function checkTemplateShape(
  template: { sections: InspectionSection[] },
  ctx: z.core.$RefinementCtx,
): void {
  const seen = new Set<string>();
  template.sections.forEach((section, s) => {
    for (const [key, path] of [
      [`section:${section.key}`, ['sections', s, 'key']] as const,
      ...section.items.map(
        (item, i) => [`item:${item.key}`, ['sections', s, 'items', i, 'key']] as const,
      ),
    ]) {
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: [...path],
          message: INSPECTION_MESSAGES.duplicateKey(key.split(':')[1]!),
        });
      }
      seen.add(key);
    }
    section.items.forEach((item, i) => {
      const at = (field: string) => ['sections', s, 'items', i, field];
      if (!isScoredKind(item.kind) && item.remedy) {
        ctx.addIssue({
          code: 'custom',
          path: at('remedy'),
          message: INSPECTION_MESSAGES.remedyOnUnscored,
        });
      }
      if (!isScoredKind(item.kind) && item.photoRequiredWhenFailed) {
        ctx.addIssue({
          code: 'custom',
          path: at('photoRequiredWhenFailed'),
          message: INSPECTION_MESSAGES.photoWhenFailedOnUnscored,
        });
      }
      if (item.kind !== 'number_with_unit' && item.unit) {
        ctx.addIssue({
          code: 'custom',
          path: at('unit'),
          message: INSPECTION_MESSAGES.unitOnlyForNumbers,
        });
      }
    });
  });
}

/** POST/PUT /api/inspection-templates: what a template is made of (and what a snapshot copies). */
export const inspectionTemplateInputSchema = z
  .object({
    name: label('Template name', T.title),
    description: z
      .string()
      .trim()
      .max(T.longText, tooLongMessage('Description', T.longText))
      .default(''),
    /** The overall score at or above which an inspection passes. */
    passMarkPercent: z
      .number('passMarkPercent must be a number')
      .int('passMarkPercent must be a whole number')
      .min(L.passMarkPercent.min, outOfRangeMessage('Pass mark', L.passMarkPercent))
      .max(L.passMarkPercent.max, outOfRangeMessage('Pass mark', L.passMarkPercent))
      .default(80),
    sections: z
      .array(inspectionSectionSchema)
      .min(1, 'A template needs at least one section.')
      .max(L.sections, tooManyMessage('A template', L.sections)),
  })
  .superRefine(checkTemplateShape);
export type InspectionTemplateInput = z.input<typeof inspectionTemplateInputSchema>;
/** The template as copied into an inspection when it starts: later edits never change it. */
export type InspectionSnapshot = z.output<typeof inspectionTemplateInputSchema>;

// ---------------------------------------------------------------------------------------------
// Answers: one shape per kind, told apart by `kind`.
// ---------------------------------------------------------------------------------------------

const noteField = (name: string) =>
  z.string().trim().max(T.longText, tooLongMessage(name, T.longText)).default('');

const answerCommon = {
  /** Shown on the report and the shared page. */
  note: noteField('Note'),
  /** Staff only: never on the shared page nor in the client's PDF. */
  internalNote: noteField('Internal note'),
};

const answerOptions = [
  z.object({
    kind: z.literal('pass_fail_na'),
    value: z.enum(['pass', 'fail', 'na'], { error: 'value must be pass, fail or na' }),
  }),
  z.object({
    kind: z.literal('rating_1_5'),
    value: z
      .number('value must be a rating from 1 to 5')
      .int('value must be a rating from 1 to 5')
      .min(1, 'value must be a rating from 1 to 5')
      .max(5, 'value must be a rating from 1 to 5'),
  }),
  z.object({
    kind: z.literal('yes_no'),
    value: z.enum(['yes', 'no'], { error: 'value must be yes or no' }),
  }),
  z.object({
    kind: z.literal('number_with_unit'),
    value: z
      .number('value must be a number')
      .min(L.number.min, outOfRangeMessage('The number', L.number))
      .max(L.number.max, outOfRangeMessage('The number', L.number)),
  }),
  z.object({
    kind: z.literal('text'),
    value: z
      .string('value must be text')
      .trim()
      .max(T.notes, tooLongMessage('The answer', T.notes)),
  }),
  /** A photo item is answered by its photos; this marks it seen (and carries its note). */
  z.object({ kind: z.literal('photo') }),
  z.object({
    kind: z.literal('signature'),
    name: z
      .string(INSPECTION_MESSAGES.signatureNameRequired)
      .trim()
      .min(2, INSPECTION_MESSAGES.signatureNameRequired)
      .max(T.fullName, tooLongMessage('The name', T.fullName)),
  }),
] as const;

/**
 * PUT /api/inspections/:id/answers/:itemKey: the answer as given, saved at once. Its `kind` must
 * be the item's (checked against the snapshot by answerMismatch).
 */
export const inspectionAnswerInputSchema = z.discriminatedUnion(
  'kind',
  [
    answerOptions[0].extend(answerCommon),
    answerOptions[1].extend(answerCommon),
    answerOptions[2].extend(answerCommon),
    answerOptions[3].extend(answerCommon),
    answerOptions[4].extend(answerCommon),
    answerOptions[5].extend(answerCommon),
    answerOptions[6].extend(answerCommon),
  ],
  { error: `kind must be one of ${INSPECTION_ITEM_KINDS.join(', ')}` },
);
export type InspectionAnswerInput = z.input<typeof inspectionAnswerInputSchema>;
/** An answer's value without its notes: what the rules read. */
export type InspectionAnswerValue = z.output<(typeof answerOptions)[number]>;

/** An answer as the rules read it: its value and how many photos it has. */
export interface GivenAnswer {
  value: InspectionAnswerValue;
  photoCount: number;
}
export type GivenAnswers =
  ReadonlyMap<string, GivenAnswer> | Readonly<Record<string, GivenAnswer | undefined>>;

function answerOf(answers: GivenAnswers, key: string): GivenAnswer | undefined {
  return answers instanceof Map
    ? answers.get(key)
    : (answers as Readonly<Record<string, GivenAnswer | undefined>>)[key];
}

function* itemsOf(snapshot: InspectionSnapshot) {
  for (const section of snapshot.sections)
    for (const item of section.items) yield { section, item };
}

export function findItem(
  snapshot: InspectionSnapshot,
  itemKey: string,
): { section: InspectionSection; item: InspectionItem } | undefined {
  for (const found of itemsOf(snapshot)) if (found.item.key === itemKey) return found;
  return undefined;
}

/** The kind's words, for messages ("pass/fail/N.A."). */
export const INSPECTION_KIND_LABELS: Record<InspectionItemKind, string> = {
  pass_fail_na: 'pass/fail/N.A.',
  rating_1_5: 'a rating from 1 to 5',
  yes_no: 'yes/no',
  number_with_unit: 'a number',
  text: 'text',
  photo: 'photos',
  signature: 'a signature',
};

/** Null when the answer fits the item; else the message that refuses it. */
export function answerMismatch(item: InspectionItem, value: InspectionAnswerValue): string | null {
  if (item.kind === value.kind) return null;
  return INSPECTION_MESSAGES.wrongKind(
    INSPECTION_KIND_LABELS[value.kind],
    INSPECTION_KIND_LABELS[item.kind],
  );
}

// ---------------------------------------------------------------------------------------------
// Failing and scoring
// ---------------------------------------------------------------------------------------------

/**
 * Whether an answer is a failure: pass/fail answered fail; a rating of 1 or 2; a yes/no answered
 * with the item's failing answer (no, unless the item asks "is anything wrong?"). Numbers, texts,
 * photos and signatures never fail: they record, they do not judge.
 */
export function isFailed(item: InspectionItem, value: InspectionAnswerValue | undefined): boolean {
  if (!value || value.kind !== item.kind) return false;
  switch (value.kind) {
    case 'pass_fail_na':
      return value.value === 'fail';
    case 'rating_1_5':
      return value.value <= RATING_FAIL_AT_OR_BELOW;
    case 'yes_no':
      return value.value === item.failingAnswer;
    default:
      return false;
  }
}

/** An answer's share of its weight (0 to 1), or null when it does not count (N.A., unscored, none). */
export function answerPoints(
  item: InspectionItem,
  value: InspectionAnswerValue | undefined,
): number | null {
  if (!value || value.kind !== item.kind || item.weight === 0) return null;
  switch (value.kind) {
    case 'pass_fail_na':
      return value.value === 'na' ? null : value.value === 'pass' ? 1 : 0;
    case 'rating_1_5':
      return (value.value - 1) / 4;
    case 'yes_no':
      return value.value === item.failingAnswer ? 0 : 1;
    default:
      return null;
  }
}

export interface ScorePart {
  /** Weighted percent, one decimal; null when nothing in it counts. */
  percent: number | null;
  /** Weight answered and counted, and what it earned. */
  weight: number;
  earned: number;
  failedCount: number;
}

export interface InspectionScore {
  overall: ScorePart & { passMarkPercent: number; passed: boolean | null };
  sections: (ScorePart & { key: string; title: string })[];
}

const roundPercent = (earned: number, weight: number) =>
  weight === 0 ? null : Math.round((earned / weight) * 1000) / 10;

function emptyPart(): ScorePart {
  return { percent: null, weight: 0, earned: 0, failedCount: 0 };
}

/**
 * The score, per section and overall: each counted answer earns its share of the item's weight;
 * N.A., unanswered and unscored items count for nothing either way. The overall score weighs
 * every item of every section (not the average of the sections), and passes at the pass mark.
 */
export function inspectionScore(
  snapshot: InspectionSnapshot,
  answers: GivenAnswers,
): InspectionScore {
  const total = emptyPart();
  const sections = snapshot.sections.map((section) => {
    const part = emptyPart();
    for (const item of section.items) {
      const value = answerOf(answers, item.key)?.value;
      if (isFailed(item, value)) part.failedCount++;
      const points = answerPoints(item, value);
      if (points === null) continue;
      part.weight += item.weight;
      part.earned += points * item.weight;
    }
    total.weight += part.weight;
    total.earned += part.earned;
    total.failedCount += part.failedCount;
    return {
      ...part,
      percent: roundPercent(part.earned, part.weight),
      key: section.key,
      title: section.title,
    };
  });
  const percent = roundPercent(total.earned, total.weight);
  return {
    overall: {
      ...total,
      percent,
      passMarkPercent: snapshot.passMarkPercent,
      passed: percent === null ? null : percent >= snapshot.passMarkPercent,
    },
    sections,
  };
}

// ---------------------------------------------------------------------------------------------
// What finishing needs
// ---------------------------------------------------------------------------------------------

export type MissingReason = 'unanswered' | 'photo_required';

export interface MissingItem {
  sectionKey: string;
  itemKey: string;
  label: string;
  reason: MissingReason;
}

export const MISSING_REASON_TEXT: Record<MissingReason, string> = {
  unanswered: 'needs an answer',
  photo_required: 'failed, so it needs a photo',
};

/** Whether a required item has what counts as an answer (a photo item: a photo). */
function isAnswered(item: InspectionItem, answer: GivenAnswer | undefined): boolean {
  if (!answer || answer.value.kind !== item.kind) return false;
  if (item.kind === 'photo') return answer.photoCount > 0;
  if (answer.value.kind === 'text') return answer.value.value.trim() !== '';
  return true;
}

/** What still stops the inspection from finishing: required items unanswered, failed items without their photo. */
export function missingRequired(
  snapshot: InspectionSnapshot,
  answers: GivenAnswers,
): MissingItem[] {
  const missing: MissingItem[] = [];
  for (const { section, item } of itemsOf(snapshot)) {
    const answer = answerOf(answers, item.key);
    const at = { sectionKey: section.key, itemKey: item.key, label: item.label };
    if (item.required && !isAnswered(item, answer)) missing.push({ ...at, reason: 'unanswered' });
    else if (
      item.photoRequiredWhenFailed &&
      isFailed(item, answer?.value) &&
      (answer?.photoCount ?? 0) === 0
    )
      missing.push({ ...at, reason: 'photo_required' });
  }
  return missing;
}

/** "3 items are not done: Floors (needs an answer), …" — the 400 at finish. */
export function missingRequiredMessage(missing: readonly MissingItem[]): string {
  const list = missing
    .slice(0, 5)
    .map((m) => `${m.label} (${MISSING_REASON_TEXT[m.reason]})`)
    .join('; ');
  const more = missing.length > 5 ? `; and ${missing.length - 5} more` : '';
  const count =
    missing.length === 1 ? '1 item is not done' : `${missing.length} items are not done`;
  return `${count}: ${list}${more}.`;
}

// ---------------------------------------------------------------------------------------------
// Findings: failed items with a remedy, the lines a client can accept
// ---------------------------------------------------------------------------------------------

export interface InspectionFinding {
  /** The item's key: stable in the inspection's snapshot, what a client ticks. */
  id: string;
  sectionTitle: string;
  itemLabel: string;
  description: string;
  priceCents: number;
}

/** The failed items that carry a remedy, in the template's order, priced from the snapshot. */
export function findingsOf(
  snapshot: InspectionSnapshot,
  answers: GivenAnswers,
): InspectionFinding[] {
  const findings: InspectionFinding[] = [];
  for (const { section, item } of itemsOf(snapshot)) {
    if (!item.remedy || !isFailed(item, answerOf(answers, item.key)?.value)) continue;
    findings.push({
      id: item.key,
      sectionTitle: section.title,
      itemLabel: item.label,
      description: item.remedy.description,
      priceCents: item.remedy.priceCents,
    });
  }
  return findings;
}

export function quoteTotalOfFindings(
  findings: readonly Pick<InspectionFinding, 'priceCents'>[],
): number {
  return findings.reduce((sum, f) => sum + f.priceCents, 0);
}

/**
 * The findings a client (or staff) ticked, taken from the report's own findings: an id not among
 * them is refused, a repeated one counts once, and the prices are the snapshot's, never the caller's.
 */
export function chosenFindings(
  findings: readonly InspectionFinding[],
  ids: readonly string[],
): { ok: true; findings: InspectionFinding[] } | { ok: false; message: string } {
  if (ids.length === 0) return { ok: false, message: INSPECTION_MESSAGES.chooseFindings };
  const wanted = new Set(ids);
  const byId = new Map(findings.map((f) => [f.id, f]));
  for (const id of wanted)
    if (!byId.has(id)) return { ok: false, message: INSPECTION_MESSAGES.unknownFinding };
  return { ok: true, findings: findings.filter((f) => wanted.has(f.id)) };
}
