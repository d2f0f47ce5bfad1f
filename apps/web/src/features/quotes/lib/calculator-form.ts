import {
  CALCULATOR_DEFAULTS,
  calculatorSchema,
  centsToDollars,
  defaultRequestTitle,
  specificAreasFor,
  type CalculatorFormValues,
  type EstimateResult,
  type RequestInput,
  type RequestListCategory,
  type RequestRecord,
} from '@crewdesk/domain';

/** The calculator dialog's modes: a proposal is a quote with options (spec sections 3 and 4). */
export type CalculatorMode = 'estimate' | 'quote' | 'proposal';

export const CALCULATOR_MODES: readonly CalculatorMode[] = ['estimate', 'quote', 'proposal'];

export function isCalculatorMode(value: unknown): value is CalculatorMode {
  return CALCULATOR_MODES.includes(value as CalculatorMode);
}

interface ModeText {
  /** 'Estimate', 'Quote' or 'Proposal': dialog titles and headings. */
  noun: string;
  /** The word on the save button: Quote replaces Estimate in quote mode (spec section 2). */
  saveWord: 'Estimate' | 'Quote';
  /** The list tab of this mode. */
  category: RequestListCategory;
  listPath: string;
}

export const MODE_TEXT: Readonly<Record<CalculatorMode, ModeText>> = {
  estimate: {
    noun: 'Estimate',
    saveWord: 'Estimate',
    category: 'estimates',
    listPath: '/quotes',
  },
  quote: { noun: 'Quote', saveWord: 'Quote', category: 'quotes', listPath: '/quotes/quotes' },
  proposal: {
    noun: 'Proposal',
    saveWord: 'Quote',
    category: 'proposals',
    listPath: '/quotes/proposals',
  },
};

export function modeOfCategory(category: RequestListCategory): CalculatorMode {
  if (category === 'quotes') return 'quote';
  if (category === 'proposals') return 'proposal';
  return 'estimate';
}

/** 'New Estimate' / 'Edit Quote' … */
export function calculatorTitle(mode: CalculatorMode, editing: boolean): string {
  return `${editing ? 'Edit' : 'New'} ${MODE_TEXT[mode].noun}`;
}

/** 'Save Estimate', 'Save Quote', 'Update Estimate', 'Update Quote' (spec section 2). */
export function saveButtonLabel(mode: CalculatorMode, editing: boolean): string {
  return `${editing ? 'Update' : 'Save'} ${MODE_TEXT[mode].saveWord}`;
}

/** The form as the dialog holds it: every list present, text fields as strings. */
export type CalculatorForm = CalculatorFormValues & {
  propertyType: NonNullable<CalculatorFormValues['propertyType']>;
  frequency: NonNullable<CalculatorFormValues['frequency']>;
  additionalServices: string[];
  specificAreas: string[];
  accessibility: string[];
  clientPreferences: string[];
  timeConstraints: { startTime: string; endTime: string };
  clientName: string;
  email: string;
  phone: string;
  customer_id: string | null;
  /** Hours from similar visits the owner chose to plan with; null for the formula's. */
  correctedHours: number | null;
};

/** Spec section 9: residential, 1000 sq ft, one-time, 1 room, 1 bathroom. */
export function calculatorDefaults(): CalculatorForm {
  return {
    propertyType: CALCULATOR_DEFAULTS.propertyType,
    squareFootage: CALCULATOR_DEFAULTS.squareFootage,
    frequency: CALCULATOR_DEFAULTS.frequency,
    numberOfRooms: CALCULATOR_DEFAULTS.numberOfRooms,
    numberOfBathrooms: CALCULATOR_DEFAULTS.numberOfBathrooms,
    additionalServices: [...CALCULATOR_DEFAULTS.additionalServices],
    specificAreas: [...CALCULATOR_DEFAULTS.specificAreas],
    accessibility: [...CALCULATOR_DEFAULTS.accessibility],
    clientPreferences: [...CALCULATOR_DEFAULTS.clientPreferences],
    condition: CALCULATOR_DEFAULTS.condition,
    hourlyRate: CALCULATOR_DEFAULTS.hourlyRate,
    timeConstraints: { startTime: '', endTime: '' },
    clientName: '',
    email: '',
    phone: '',
    customer_id: null,
    correctedHours: null,
  };
}

/**
 * A saved request back in the form (Edit). Fields the stored details lack (a request from the
 * public form has no calculation yet) start from the calculator defaults.
 */
export function formFromRequest(request: RequestRecord): CalculatorForm {
  const defaults = calculatorDefaults();
  const parsed = calculatorSchema.safeParse(request.details);
  const d: CalculatorFormValues = parsed.success ? parsed.data : {};
  return {
    ...defaults,
    propertyType: d.propertyType ?? defaults.propertyType,
    squareFootage: d.squareFootage ?? defaults.squareFootage,
    frequency: d.frequency ?? defaults.frequency,
    numberOfRooms: d.numberOfRooms ?? defaults.numberOfRooms,
    numberOfBathrooms: d.numberOfBathrooms ?? defaults.numberOfBathrooms,
    additionalServices: d.additionalServices ?? [],
    specificAreas: d.specificAreas ?? [],
    accessibility: d.accessibility ?? [],
    clientPreferences: d.clientPreferences ?? [],
    condition: d.condition,
    hourlyRate: d.hourlyRate ?? defaults.hourlyRate,
    assignee: d.assignee,
    timeConstraints: {
      startTime: d.timeConstraints?.startTime ?? '',
      endTime: d.timeConstraints?.endTime ?? '',
    },
    clientName: request.client,
    email: request.clientEmail ?? '',
    phone: request.clientPhone ?? '',
    customer_id: request.customerId,
    correctedHours: d.correctedHours ?? null,
  };
}

/** The request's type and proposal_type for a mode (spec section 3). */
function typeFields(mode: CalculatorMode, existing: RequestRecord | null) {
  if (mode === 'proposal') return { type: 'quote' as const, proposal_type: 'options' };
  if (mode === 'quote') return { type: 'quote' as const, proposal_type: false };
  // An inquiry stays an inquiry when it is priced.
  const type = existing?.type === 'inquiry' ? ('inquiry' as const) : ('estimate' as const);
  return { type, proposal_type: null };
}

/**
 * The POST/PUT body: the form with the figures the dialog shows (the server prices it again),
 * and when editing, the request's own title and description kept — unless the title was only the
 * default one for the old client name, which then follows the new name.
 */
export function requestInputFromForm(
  form: CalculatorForm,
  mode: CalculatorMode,
  result: EstimateResult | null,
  existing: RequestRecord | null = null,
): RequestInput {
  const areas = new Set(specificAreasFor(form.propertyType).map((o) => o.value));
  const { startTime, endTime } = form.timeConstraints;
  const body: RequestInput = {
    propertyType: form.propertyType,
    squareFootage: form.squareFootage,
    numberOfRooms: form.numberOfRooms,
    numberOfBathrooms: form.numberOfBathrooms,
    frequency: form.frequency,
    additionalServices: form.additionalServices,
    specificAreas: form.specificAreas.filter((a) => areas.has(a)),
    accessibility: form.accessibility,
    clientPreferences: form.clientPreferences,
    hourlyRate: form.hourlyRate,
    clientName: form.clientName.trim(),
    email: form.email.trim(),
    phone: form.phone.trim(),
    customer_id: form.customer_id,
    ...typeFields(mode, existing),
  };
  if (form.condition) body.condition = form.condition;
  if (form.assignee) body.assignee = form.assignee;
  if (startTime || endTime) body.timeConstraints = { startTime, endTime };
  if (result) {
    body.totalAmount = centsToDollars(result.priceCents);
    body.estimatedHours = result.formulaHours;
  }
  // Sent when set, or to clear one the request had (only admins and managers ever see it).
  if (form.correctedHours !== null || existing?.details.correctedHours != null) {
    body.correctedHours = form.correctedHours;
  }
  if (existing) {
    const category = existing.category.slice(0, -1) as 'estimate' | 'quote' | 'proposal';
    if (existing.title !== defaultRequestTitle(category, existing.client)) {
      body.title = existing.title;
    }
    if (existing.description) body.description = existing.description;
  }
  return body;
}
