import { describe, expect, it } from 'vitest';
import {
  contactFromCsvRow,
  CUSTOMER_FIELD_HEADERS,
  CUSTOMER_IMPORT_FIELDS,
  customerImportBodySchema,
  suggestImportMapping,
} from './import.ts';

const VALID = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phone: '(512) 555-0100',
};

describe('suggestImportMapping', () => {
  it('when the headers are the export’s, then every field maps to its own column', () => {
    const headers = [...Object.values(CUSTOMER_FIELD_HEADERS), 'ID', 'Created At'];
    const mapping = suggestImportMapping(headers);
    for (const field of CUSTOMER_IMPORT_FIELDS) {
      expect(mapping[field]).toBe(CUSTOMER_FIELD_HEADERS[field]);
    }
  });

  it.each([
    ['first_name', 'firstName'],
    ['Given Name', 'firstName'],
    ['SURNAME', 'lastName'],
    ['E-mail Address', 'email'],
    ['Mobile', 'phone'],
    ['Postal Code', 'zip'],
    ['lat', 'latitude'],
    ['lng', 'longitude'],
    ['Lead Source', 'source'],
    ['Assignee', 'assignedTo'],
  ])('when a header is %j, then it maps to %s', (header, field) => {
    expect(suggestImportMapping([header])[field as 'firstName']).toBe(header);
  });

  it('when no header names a field, then that field maps to null', () => {
    const mapping = suggestImportMapping(['Favourite colour']);
    expect(Object.values(mapping).every((h) => h === null)).toBe(true);
  });

  it('when two headers could name the same field, then the first wins and the second stays free', () => {
    const mapping = suggestImportMapping(['Email', 'E-mail']);
    expect(mapping.email).toBe('Email');
  });
});

describe('contactFromCsvRow', () => {
  it('when the required cells are valid, then the defaults fill type and source and blanks are left out', () => {
    const result = contactFromCsvRow({ ...VALID, company: '  ', city: ' Austin ' });
    expect(result).toEqual({
      ok: true,
      values: { ...VALID, city: 'Austin', customerType: 'commercial', source: 'website' },
      assignedToText: null,
    });
  });

  it.each([
    [{ customerType: 'Residential' }, { customerType: 'residential' }],
    [{ source: 'Social Media' }, { source: 'social_media' }],
    [{ source: 'cold-call' }, { source: 'cold_call' }],
    [
      { latitude: '30.2672', longitude: '-97.7431' },
      { latitude: 30.2672, longitude: -97.7431 },
    ],
    [{ notes: 'Back door' }, { notes: 'Back door' }],
  ])('when the row has %j, then the values have %j', (cells, expected) => {
    const result = contactFromCsvRow({ ...VALID, ...cells });
    expect(result.ok && result.values).toMatchObject(expected);
  });

  it('when assignedTo holds text, then it is handed on for the server to resolve', () => {
    const result = contactFromCsvRow({ ...VALID, assignedTo: ' Rosa Delgado ' });
    expect(result.ok && result.assignedToText).toBe('Rosa Delgado');
  });

  it.each([
    [{ firstName: 'A' }, ['First name must be at least 2 characters.']],
    [{ lastName: '' }, ['Last name must be at least 2 characters.']],
    [{ email: 'ann@' }, ['Please enter a valid email address.']],
    [{ phone: '555' }, ['Please enter a valid phone number.']],
    [{ customerType: 'industrial' }, ['Customer type must be one of: commercial, residential.']],
    [
      { source: 'billboard' },
      [
        'Source must be one of: website, referral, social_media, advertising, cold_call, walk_in, other.',
      ],
    ],
    [{ latitude: 'north' }, ['Latitude must be a number.']],
    [
      { firstName: 'A', email: 'x', longitude: 'west' },
      [
        'First name must be at least 2 characters.',
        'Please enter a valid email address.',
        'Longitude must be a number.',
      ],
    ],
  ])('when the row has %j, then its messages are %j', (cells, messages) => {
    expect(contactFromCsvRow({ ...VALID, ...cells })).toEqual({ ok: false, messages });
  });
});

describe('customerImportBodySchema', () => {
  it('when the body is complete, then dryRun defaults to false', () => {
    expect(
      customerImportBodySchema.parse({
        csv: 'a\n1',
        mapping: { firstName: 'a' },
        mode: 'valid-only',
      }),
    ).toEqual({ csv: 'a\n1', mapping: { firstName: 'a' }, mode: 'valid-only', dryRun: false });
  });

  it.each([
    [
      { mapping: { firstName: 'a' }, mode: 'some' },
      "mode must be 'all-or-nothing' or 'valid-only'",
    ],
    [{ mapping: { nickname: 'a' }, mode: 'valid-only' }, 'mapping keys must be contact fields'],
    [
      { mapping: { firstName: null }, mode: 'valid-only' },
      'Map at least one column to a contact field.',
    ],
  ])('when the body is %j, then it is refused with %j', (body, message) => {
    const result = customerImportBodySchema.safeParse({ csv: 'a\n1', ...body });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });
});
