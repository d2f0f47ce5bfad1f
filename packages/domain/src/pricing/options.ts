export interface Option<V extends string = string> {
  value: V;
  label: string;
}

/** 'long_time_no_clean' → 'Long Time No Clean'; a hyphen stays one word: 'bi-weekly' → 'Bi-weekly'. */
export function optionLabel(value: string): string {
  return value
    .split('_')
    .filter((w) => w !== '')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

function optionsOf<const V extends string>(values: readonly V[]): readonly Option<V>[] {
  return values.map((value) => ({ value, label: optionLabel(value) }));
}

export interface AdditionalService {
  id: string;
  name: string;
  /** Dollars, as the spec's table states it. */
  rate: number;
  rateCents: number;
}

export const ADDITIONAL_SERVICES: readonly AdditionalService[] = [
  { id: 'deep-cleaning', name: 'Deep Cleaning', rate: 50, rateCents: 5000 },
  { id: 'window-cleaning', name: 'Window Cleaning', rate: 35, rateCents: 3500 },
  { id: 'carpet-cleaning', name: 'Carpet Cleaning', rate: 45, rateCents: 4500 },
  { id: 'appliance-cleaning', name: 'Appliance Cleaning', rate: 30, rateCents: 3000 },
  { id: 'move-in-out', name: 'Move In/Out Cleaning', rate: 75, rateCents: 7500 },
];

export const RESIDENTIAL_AREA_VALUES = [
  'kitchen',
  'living_room',
  'dining_room',
  'bedrooms',
  'bathrooms',
  'basement',
  'garage',
] as const;
export const COMMERCIAL_AREA_VALUES = [
  'offices',
  'reception',
  'restrooms',
  'break_room',
  'conference_rooms',
  'hallways',
  'lobby',
] as const;
export const ACCESSIBILITY_VALUES = [
  'multiple_floors',
  'stairs',
  'heavy_furniture',
  'limited_parking',
  'elevator',
] as const;
export const CLIENT_PREFERENCE_VALUES = [
  'eco_friendly',
  'unscented',
  'no_bleach',
  'pet_safe',
  'specific_method',
] as const;
export const CONDITION_VALUES = [
  'first_time',
  'post_construction',
  'regular',
  'long_time_no_clean',
] as const;
export type Condition = (typeof CONDITION_VALUES)[number];

export const RESIDENTIAL_AREAS = optionsOf(RESIDENTIAL_AREA_VALUES);
export const COMMERCIAL_AREAS = optionsOf(COMMERCIAL_AREA_VALUES);
export const ACCESSIBILITY_FACTORS = optionsOf(ACCESSIBILITY_VALUES);
export const CLIENT_PREFERENCES = optionsOf(CLIENT_PREFERENCE_VALUES);
export const CONDITIONS = optionsOf(CONDITION_VALUES);

export const CUSTOMER_TYPES = ['commercial', 'residential'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];
export const CUSTOMER_TYPE_OPTIONS = optionsOf(CUSTOMER_TYPES);

export const CUSTOMER_SOURCES = [
  'website',
  'referral',
  'social_media',
  'advertising',
  'cold_call',
  'walk_in',
  'other',
] as const;
export type CustomerSource = (typeof CUSTOMER_SOURCES)[number];
export const CUSTOMER_SOURCE_OPTIONS = optionsOf(CUSTOMER_SOURCES);

export const PROPERTY_TYPES = ['residential', 'commercial'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];
export const PROPERTY_TYPE_OPTIONS = optionsOf(PROPERTY_TYPES);

export const CLEANING_FREQUENCIES = ['one-time', 'weekly', 'bi-weekly', 'monthly'] as const;
export type CleaningFrequency = (typeof CLEANING_FREQUENCIES)[number];
export const CLEANING_FREQUENCY_OPTIONS = optionsOf(CLEANING_FREQUENCIES);

/** Repeat work is discounted: the more often, the cheaper each visit. */
export const FREQUENCY_MULTIPLIERS: Readonly<Record<CleaningFrequency, number>> = {
  'one-time': 1,
  weekly: 0.85,
  'bi-weekly': 0.9,
  monthly: 0.95,
};

export function specificAreasFor(propertyType: PropertyType): readonly Option[] {
  return propertyType === 'commercial' ? COMMERCIAL_AREAS : RESIDENTIAL_AREAS;
}
