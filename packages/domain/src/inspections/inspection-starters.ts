import {
  inspectionTemplateInputSchema,
  type InspectionSnapshot,
  type InspectionTemplateInput,
} from './inspection-rules.ts';

/**
 * The templates that ship with the product (issue 20): a business adopts one ("use starter") and
 * then edits its own copy. Prices are the product's suggestions in cents; the business sets its own.
 */
export const STARTER_TEMPLATE_KEYS = ['cleaning-quality', 'move-out', 'maintenance'] as const;
export type StarterTemplateKey = (typeof STARTER_TEMPLATE_KEYS)[number];

type ItemSpec = InspectionTemplateInput['sections'][number]['items'][number];

const pass = (key: string, label: string, extra: Partial<ItemSpec> = {}): ItemSpec => ({
  key,
  label,
  kind: 'pass_fail_na',
  required: true,
  ...extra,
});
const remedy = (description: string, priceCents: number) => ({ description, priceCents });

const STARTERS: Record<StarterTemplateKey, InspectionTemplateInput> = {
  'cleaning-quality': {
    name: 'Cleaning quality check',
    description:
      'A walk-through after a clean: each room to the standard, with photos of what fell short.',
    passMarkPercent: 85,
    sections: [
      {
        key: 'kitchen',
        title: 'Kitchen',
        items: [
          pass('kitchen-counters', 'Counters and backsplash wiped, no residue', {
            photoRequiredWhenFailed: true,
            weight: 2,
            remedy: remedy('Re-clean counters and backsplash', 2500),
          }),
          pass('kitchen-appliances', 'Appliance fronts free of smudges', {
            remedy: remedy('Polish appliance fronts', 2000),
          }),
          pass('kitchen-sink', 'Sink and faucet clean and dry', { weight: 2 }),
          pass('kitchen-floor', 'Floor swept and mopped', {
            photoRequiredWhenFailed: true,
            weight: 2,
            remedy: remedy('Re-mop kitchen floor', 3000),
          }),
        ],
      },
      {
        key: 'bathrooms',
        title: 'Bathrooms',
        items: [
          pass('bath-toilet', 'Toilet clean inside and out', {
            weight: 3,
            photoRequiredWhenFailed: true,
          }),
          pass('bath-shower', 'Shower and tub free of soap scum', {
            weight: 2,
            remedy: remedy('Descale shower and tub', 4500),
          }),
          pass('bath-mirror', 'Mirrors streak-free'),
        ],
      },
      {
        key: 'overall',
        title: 'Overall',
        items: [
          {
            key: 'overall-rating',
            label: 'Overall impression',
            kind: 'rating_1_5',
            required: true,
            weight: 3,
          },
          { key: 'overall-photo', label: 'Photo of the finished main room', kind: 'photo' },
          { key: 'overall-comments', label: 'Comments for the client', kind: 'text' },
        ],
      },
    ],
  },
  'move-out': {
    name: 'Move-out inspection',
    description:
      'The state of a rental at move-out, room by room, with what needs fixing before the next tenant.',
    passMarkPercent: 80,
    sections: [
      {
        key: 'walls',
        title: 'Walls and floors',
        items: [
          pass('walls-marks', 'Walls free of marks and holes', {
            photoRequiredWhenFailed: true,
            weight: 2,
            remedy: remedy('Patch and paint wall damage', 15000),
          }),
          pass('floors-condition', 'Floors without stains or damage', {
            photoRequiredWhenFailed: true,
            weight: 2,
            remedy: remedy('Deep-clean carpets and floors', 12000),
          }),
        ],
      },
      {
        key: 'kitchen',
        title: 'Kitchen and appliances',
        items: [
          pass('oven-clean', 'Oven and range clean', { remedy: remedy('Oven deep clean', 8000) }),
          pass('fridge-clean', 'Fridge emptied and clean', {
            remedy: remedy('Fridge clean-out', 5000),
          }),
          {
            key: 'appliance-damage',
            label: 'Any appliance damaged?',
            kind: 'yes_no',
            required: true,
            failingAnswer: 'yes',
            photoRequiredWhenFailed: true,
            weight: 2,
          },
        ],
      },
      {
        key: 'handover',
        title: 'Handover',
        items: [
          { key: 'keys-returned', label: 'All keys returned', kind: 'yes_no', required: true },
          {
            key: 'meter-reading',
            label: 'Electricity meter reading',
            kind: 'number_with_unit',
            unit: 'kWh',
          },
          { key: 'tenant-signature', label: 'Tenant signature', kind: 'signature' },
        ],
      },
    ],
  },
  maintenance: {
    name: 'Maintenance check',
    description:
      'A periodic check of a property’s systems, with readings and the repairs they call for.',
    passMarkPercent: 75,
    sections: [
      {
        key: 'hvac',
        title: 'Heating and cooling',
        items: [
          pass('hvac-filter', 'Air filter clean', { remedy: remedy('Replace air filter', 3500) }),
          {
            key: 'hvac-supply-temp',
            label: 'Supply air temperature',
            kind: 'number_with_unit',
            unit: '°F',
          },
          {
            key: 'hvac-condition',
            label: 'Unit condition',
            kind: 'rating_1_5',
            required: true,
            weight: 2,
            remedy: remedy('Service the HVAC unit', 18000),
          },
        ],
      },
      {
        key: 'plumbing',
        title: 'Plumbing',
        items: [
          {
            key: 'plumbing-leaks',
            label: 'Any leaks under sinks?',
            kind: 'yes_no',
            required: true,
            failingAnswer: 'yes',
            photoRequiredWhenFailed: true,
            weight: 3,
            remedy: remedy('Repair sink leak', 12500),
          },
          pass('water-heater', 'Water heater working, no corrosion', {
            weight: 2,
            remedy: remedy('Flush and service the water heater', 9500),
          }),
        ],
      },
      {
        key: 'safety',
        title: 'Safety',
        items: [
          pass('smoke-alarms', 'Smoke alarms tested', {
            weight: 3,
            remedy: remedy('Replace smoke alarm', 4500),
          }),
          { key: 'safety-notes', label: 'Notes', kind: 'text' },
        ],
      },
    ],
  },
};

/** A starter template, parsed (defaults filled), ready to be stored or listed. */
export function starterTemplate(key: StarterTemplateKey): InspectionSnapshot {
  return inspectionTemplateInputSchema.parse(STARTERS[key]);
}

export function isStarterTemplateKey(value: string): value is StarterTemplateKey {
  return (STARTER_TEMPLATE_KEYS as readonly string[]).includes(value);
}
