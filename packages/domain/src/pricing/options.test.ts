import { describe, expect, it } from 'vitest';
import {
  ACCESSIBILITY_FACTORS,
  ADDITIONAL_SERVICES,
  CLEANING_FREQUENCIES,
  CLIENT_PREFERENCES,
  COMMERCIAL_AREAS,
  CONDITIONS,
  CUSTOMER_SOURCE_OPTIONS,
  CUSTOMER_SOURCES,
  CUSTOMER_TYPES,
  FREQUENCY_MULTIPLIERS,
  optionLabel,
  PROPERTY_TYPES,
  RESIDENTIAL_AREAS,
  specificAreasFor,
} from './options.ts';

describe('ADDITIONAL_SERVICES', () => {
  it.each([
    ['deep-cleaning', 'Deep Cleaning', 50, 5000],
    ['window-cleaning', 'Window Cleaning', 35, 3500],
    ['carpet-cleaning', 'Carpet Cleaning', 45, 4500],
    ['appliance-cleaning', 'Appliance Cleaning', 30, 3000],
    ['move-in-out', 'Move In/Out Cleaning', 75, 7500],
  ])('when listing %s, then it is %s at $%i (%i cents)', (id, name, rate, rateCents) => {
    expect(ADDITIONAL_SERVICES.find((s) => s.id === id)).toEqual({ id, name, rate, rateCents });
  });

  it('when listing all services, then there are five in the spec order', () => {
    expect(ADDITIONAL_SERVICES.map((s) => s.id)).toEqual([
      'deep-cleaning',
      'window-cleaning',
      'carpet-cleaning',
      'appliance-cleaning',
      'move-in-out',
    ]);
  });
});

describe('option lists', () => {
  it.each([
    [
      'RESIDENTIAL_AREAS',
      RESIDENTIAL_AREAS,
      ['kitchen', 'living_room', 'dining_room', 'bedrooms', 'bathrooms', 'basement', 'garage'],
    ],
    [
      'COMMERCIAL_AREAS',
      COMMERCIAL_AREAS,
      ['offices', 'reception', 'restrooms', 'break_room', 'conference_rooms', 'hallways', 'lobby'],
    ],
    [
      'ACCESSIBILITY_FACTORS',
      ACCESSIBILITY_FACTORS,
      ['multiple_floors', 'stairs', 'heavy_furniture', 'limited_parking', 'elevator'],
    ],
    [
      'CLIENT_PREFERENCES',
      CLIENT_PREFERENCES,
      ['eco_friendly', 'unscented', 'no_bleach', 'pet_safe', 'specific_method'],
    ],
    [
      'CONDITIONS',
      CONDITIONS,
      ['first_time', 'post_construction', 'regular', 'long_time_no_clean'],
    ],
    [
      'CUSTOMER_SOURCE_OPTIONS',
      CUSTOMER_SOURCE_OPTIONS,
      ['website', 'referral', 'social_media', 'advertising', 'cold_call', 'walk_in', 'other'],
    ],
  ])('when reading %s, then the values are the spec list in order', (_name, options, values) => {
    expect(options.map((o) => o.value)).toEqual(values);
  });

  it.each([
    ['CUSTOMER_TYPES', CUSTOMER_TYPES, ['commercial', 'residential']],
    [
      'CUSTOMER_SOURCES',
      CUSTOMER_SOURCES,
      ['website', 'referral', 'social_media', 'advertising', 'cold_call', 'walk_in', 'other'],
    ],
    ['PROPERTY_TYPES', PROPERTY_TYPES, ['residential', 'commercial']],
    ['CLEANING_FREQUENCIES', CLEANING_FREQUENCIES, ['one-time', 'weekly', 'bi-weekly', 'monthly']],
  ])('when reading %s, then it is %j', (_name, list, values) => {
    expect(list).toEqual(values);
  });

  it.each([
    ['living_room', 'Living Room'],
    ['long_time_no_clean', 'Long Time No Clean'],
    ['kitchen', 'Kitchen'],
    ['social_media', 'Social Media'],
    ['one-time', 'One-time'],
    ['bi-weekly', 'Bi-weekly'],
  ])('when labelling %s, then %s', (value, label) => {
    expect(optionLabel(value)).toBe(label);
  });

  it('when a list is built, then each label comes from its value', () => {
    expect(RESIDENTIAL_AREAS[1]).toEqual({ value: 'living_room', label: 'Living Room' });
    expect(CONDITIONS[3]).toEqual({ value: 'long_time_no_clean', label: 'Long Time No Clean' });
  });
});

describe('FREQUENCY_MULTIPLIERS', () => {
  it.each([
    ['one-time', 1],
    ['weekly', 0.85],
    ['bi-weekly', 0.9],
    ['monthly', 0.95],
  ] as const)('when the frequency is %s, then the multiplier is %d', (frequency, multiplier) => {
    expect(FREQUENCY_MULTIPLIERS[frequency]).toBe(multiplier);
  });
});

describe('specificAreasFor', () => {
  it.each([
    ['residential', RESIDENTIAL_AREAS],
    ['commercial', COMMERCIAL_AREAS],
  ] as const)(
    'when the property is %s, then its own area list is offered',
    (propertyType, areas) => {
      expect(specificAreasFor(propertyType)).toBe(areas);
    },
  );
});
