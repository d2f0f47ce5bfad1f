import { describe, expect, it } from 'vitest';
import { assignedToColumn, CONTACT_FORM_DEFAULTS, contactFormSchema } from './contact-form.ts';

const VALID = { firstName: 'Jo', lastName: 'Li', email: 'jo@example.com', phone: '5551234567' };

function errorsOf(input: unknown): Record<string, string> {
  const result = contactFormSchema.safeParse(input);
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('contactFormSchema', () => {
  it('when only the required fields are given, then the defaults fill type and source', () => {
    expect(contactFormSchema.parse(VALID)).toEqual({
      ...VALID,
      customerType: 'commercial',
      source: 'website',
    });
  });

  it.each([
    ['firstName', 'J', 'First name must be at least 2 characters.'],
    ['firstName', '', 'First name must be at least 2 characters.'],
    ['lastName', 'L', 'Last name must be at least 2 characters.'],
    ['email', 'not-an-email', 'Please enter a valid email address.'],
    ['email', 'a@b', 'Please enter a valid email address.'],
    ['phone', '555123456', 'Please enter a valid phone number.'],
    ['phone', '', 'Please enter a valid phone number.'],
  ])('when %s is %j, then the message is %j', (field, value, message) => {
    expect(errorsOf({ ...VALID, [field]: value })).toEqual({ [field]: message });
  });

  it.each([
    ['firstName', 'Jo'],
    ['lastName', 'Li'],
    ['phone', '5551234567'],
    ['phone', '+1 (555) 123-4567'],
    ['email', 'a.b+c@sub.example.co'],
  ])('when %s is %j (at the boundary or above), then it passes', (field, value) => {
    expect(errorsOf({ ...VALID, [field]: value })).toEqual({});
  });

  it.each([
    ['customerType', 'residential', true],
    ['customerType', 'commercial', true],
    ['customerType', 'industrial', false],
    ['source', 'website', true],
    ['source', 'referral', true],
    ['source', 'social_media', true],
    ['source', 'advertising', true],
    ['source', 'cold_call', true],
    ['source', 'walk_in', true],
    ['source', 'other', true],
    ['source', 'billboard', false],
    ['latitude', 40.7, true],
    ['latitude', '40.7', false],
    ['longitude', -74, true],
    ['company', 'Acme', true],
    ['assignedTo', 'emp-1', true],
    ['whatsapp', '+15551234567', true],
    ['facebook', 'jo.li', true],
    ['instagram', '@joli', true],
    ['zip', '10001', true],
  ])('when %s is %j, then valid is %s', (field, value, valid) => {
    expect(contactFormSchema.safeParse({ ...VALID, [field]: value }).success).toBe(valid);
  });

  it('when the form opens, then its defaults are empty with commercial and website', () => {
    expect(CONTACT_FORM_DEFAULTS).toMatchObject({
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      customerType: 'commercial',
      source: 'website',
    });
  });
});

describe('assignedToColumn', () => {
  it.each([
    ['emp-1', 'emp-1'],
    [' emp-1 ', 'emp-1'],
    ['unassigned', null],
    ['', null],
    ['  ', null],
    [null, null],
    [undefined, null],
  ])('when the picker holds %j, then assigned_to is %j', (value, column) => {
    expect(assignedToColumn(value)).toBe(column);
  });
});
