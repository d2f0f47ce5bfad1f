import { z } from 'zod';
import { CLEANING_FREQUENCIES, CONDITION_VALUES, PROPERTY_TYPES } from '../pricing/options.ts';
import { EMAIL_MESSAGE } from './contact-form.ts';

const toolRequirementSchema = z.object({
  name: z.string(),
  quantity: z.number().min(0),
  costPerUnit: z.number().min(0),
  sellingPrice: z.number().min(0),
  required: z.boolean(),
});

/**
 * The calculator form as the spec lists it (section 3) and as it is stored in
 * requests.details. Every field is optional (section 5). Amounts here are the
 * form's dollar figures; calculateEstimate works in cents.
 */
export const calculatorSchema = z.object({
  propertyType: z.enum(PROPERTY_TYPES).optional(),
  squareFootage: z.number().positive().optional(),
  numberOfRooms: z.number().min(0).optional(),
  numberOfBathrooms: z.number().min(0).optional(),
  frequency: z.enum(CLEANING_FREQUENCIES).optional(),
  additionalServices: z.array(z.string()).optional(),
  estimatedHours: z.number().min(0).optional(),
  hourlyRate: z.number().positive().optional(),
  // An empty field is allowed: the save stores an empty e-mail as null.
  email: z
    .string()
    .refine((v) => v === '' || z.regexes.email.test(v), { error: EMAIL_MESSAGE })
    .optional(),
  phone: z.string().optional(),
  clientName: z.string().optional(),
  customer_id: z.string().nullable().optional(),
  assignee: z.string().optional(),
  totalAmount: z.number().min(0).optional(),
  condition: z.enum(CONDITION_VALUES).optional(),
  specificAreas: z.array(z.string()).optional(),
  accessibility: z.array(z.string()).optional(),
  clientPreferences: z.array(z.string()).optional(),
  timeConstraints: z
    .object({
      startTime: z.string().optional(),
      endTime: z.string().optional(),
    })
    .optional(),
  toolRequirements: z.array(toolRequirementSchema).optional(),
  totalCost: z.number().min(0).optional(),
  // Profit and margin go negative when the job costs more than it earns.
  profit: z.number().optional(),
  profitMargin: z.number().optional(),
});

export type CalculatorFormValues = z.output<typeof calculatorSchema>;
