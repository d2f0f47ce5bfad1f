import { z } from 'zod';
import { CLEANING_FREQUENCIES, CONDITION_VALUES, PROPERTY_TYPES } from '../pricing/options.ts';
import { EMAIL_MESSAGE } from '../messages.ts';
import {
  FIELD_LIMITS,
  outOfRangeMessage,
  tooLargeMessage,
  tooLongMessage,
  tooManyMessage,
} from './field-limits.ts';

const T = FIELD_LIMITS.text;
const R = FIELD_LIMITS.range;
const N = FIELD_LIMITS.items;

/** A figure of the form: at least `min` (the spec's rule) and at most the table's maximum. */
const figure = (label: string, max: number, min = 0) =>
  z
    .number()
    .min(min)
    .max(max, { error: tooLargeMessage(label, max) });

const text = (label: string, max: number) =>
  z.string().max(max, { error: tooLongMessage(label, max) });

/** One of the calculator's lists (areas, services …): short entries, a bounded count. */
const choices = (label: string, entryLabel: string) =>
  z
    .array(text(entryLabel, T.listEntry))
    .max(N.calculatorChoices, { error: tooManyMessage(label, N.calculatorChoices) });

const toolRequirementSchema = z.object({
  name: text('Tool name', T.label),
  quantity: figure('Tool quantity', R.quantity.max),
  costPerUnit: figure('Tool cost', R.moneyDollars.max),
  sellingPrice: figure('Tool price', R.moneyDollars.max),
  required: z.boolean(),
});

/**
 * The calculator form as the spec lists it (section 3) and as it is stored in
 * requests.details. Every field is optional (section 5). Amounts here are the
 * form's dollar figures; calculateEstimate works in cents.
 */
export const calculatorSchema = z.object({
  propertyType: z.enum(PROPERTY_TYPES).optional(),
  squareFootage: z
    .number()
    .positive()
    .max(R.squareFootage.max, { error: tooLargeMessage('Square footage', R.squareFootage.max) })
    .optional(),
  numberOfRooms: figure('Number of rooms', R.roomCount.max).optional(),
  numberOfBathrooms: figure('Number of bathrooms', R.roomCount.max).optional(),
  frequency: z.enum(CLEANING_FREQUENCIES).optional(),
  additionalServices: choices('Additional services', 'Each additional service').optional(),
  estimatedHours: figure('Estimated hours', R.hours.max).optional(),
  /**
   * Hours the owner plans with instead of the formula's, from what similar visits took; only
   * admins and managers set it (the server drops it from anyone else). Half hours.
   */
  correctedHours: figure('Corrected hours', R.hours.max, 0.5)
    .multipleOf(0.5, { error: 'Corrected hours must be in half hours.' })
    .nullable()
    .optional(),
  hourlyRate: z
    .number()
    .positive()
    .max(R.moneyDollars.max, { error: tooLargeMessage('Hourly rate', R.moneyDollars.max) })
    .optional(),
  // An empty field is allowed: the save stores an empty e-mail as null.
  email: z
    .string()
    .max(T.email, { error: tooLongMessage('Email', T.email) })
    .refine((v) => v === '' || z.regexes.email.test(v), { error: EMAIL_MESSAGE })
    .optional(),
  phone: text('Phone', T.phone).optional(),
  clientName: text('Client name', T.fullName).optional(),
  customer_id: text('Contact', T.reference).nullable().optional(),
  assignee: text('Assignee', T.reference).optional(),
  totalAmount: figure('Total amount', R.moneyDollars.max).optional(),
  condition: z.enum(CONDITION_VALUES).optional(),
  specificAreas: choices('Specific areas', 'Each specific area').optional(),
  accessibility: choices('Accessibility', 'Each accessibility factor').optional(),
  clientPreferences: choices('Client preferences', 'Each client preference').optional(),
  timeConstraints: z
    .object({
      startTime: text('Start time', T.shortCode).optional(),
      endTime: text('End time', T.shortCode).optional(),
    })
    .optional(),
  toolRequirements: z
    .array(toolRequirementSchema)
    .max(N.toolRequirements, { error: tooManyMessage('Tool requirements', N.toolRequirements) })
    .optional(),
  totalCost: figure('Total cost', R.moneyDollars.max).optional(),
  // Profit and margin go negative when the job costs more than it earns.
  profit: z
    .number()
    .min(R.profitDollars.min, { error: outOfRangeMessage('Profit', R.profitDollars) })
    .max(R.profitDollars.max, { error: outOfRangeMessage('Profit', R.profitDollars) })
    .optional(),
  profitMargin: z
    .number()
    .min(R.profitMarginPercent.min, {
      error: outOfRangeMessage('Profit margin', R.profitMarginPercent),
    })
    .max(R.profitMarginPercent.max, {
      error: outOfRangeMessage('Profit margin', R.profitMarginPercent),
    })
    .optional(),
});

export type CalculatorFormValues = z.output<typeof calculatorSchema>;
