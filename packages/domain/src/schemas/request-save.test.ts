import { describe, expect, it } from 'vitest';
import { checkRequestSave, normalizeRequestContact } from './request-save.ts';

const OK = { totalAmount: 95, clientName: 'Jane Doe', hasSession: true, accountId: 'acc-1' };

describe('checkRequestSave', () => {
  it.each([
    ['everything present', OK, { ok: true }],
    ['a negative total (non-zero)', { ...OK, totalAmount: -1 }, { ok: true }],
    [
      'a zero total',
      { ...OK, totalAmount: 0 },
      {
        ok: false,
        title: 'Missing calculation',
        description: 'Please ensure all required fields are filled in.',
      },
    ],
    [
      'a NaN total',
      { ...OK, totalAmount: Number.NaN },
      {
        ok: false,
        title: 'Missing calculation',
        description: 'Please ensure all required fields are filled in.',
      },
    ],
    [
      'no client name',
      { ...OK, clientName: null },
      {
        ok: false,
        title: 'Missing client name',
        description: 'Please provide a client name for this quote/estimate.',
      },
    ],
    [
      'a blank client name',
      { ...OK, clientName: '   ' },
      {
        ok: false,
        title: 'Missing client name',
        description: 'Please provide a client name for this quote/estimate.',
      },
    ],
    [
      'no session',
      { ...OK, hasSession: false },
      {
        ok: false,
        title: 'Authentication required',
        description: 'Please sign in to save quotes/estimates',
      },
    ],
    [
      'no account',
      { ...OK, accountId: null },
      {
        ok: false,
        title: 'Unable to determine business context',
        description: 'Please ensure you have a business associated with your account.',
      },
    ],
    [
      'an empty account id',
      { ...OK, accountId: '' },
      {
        ok: false,
        title: 'Unable to determine business context',
        description: 'Please ensure you have a business associated with your account.',
      },
    ],
    // Order: the first failing check is reported.
    [
      'everything missing',
      { totalAmount: 0, clientName: '', hasSession: false, accountId: null },
      {
        ok: false,
        title: 'Missing calculation',
        description: 'Please ensure all required fields are filled in.',
      },
    ],
    [
      'name, session and account missing',
      { totalAmount: 10, clientName: '', hasSession: false, accountId: null },
      {
        ok: false,
        title: 'Missing client name',
        description: 'Please provide a client name for this quote/estimate.',
      },
    ],
    [
      'session and account missing',
      { ...OK, hasSession: false, accountId: null },
      {
        ok: false,
        title: 'Authentication required',
        description: 'Please sign in to save quotes/estimates',
      },
    ],
  ])('when saving with %s, then %j', (_case, input, expected) => {
    expect(checkRequestSave(input)).toEqual(expected);
  });
});

describe('normalizeRequestContact', () => {
  it.each([
    [
      { clientName: '  Jane Doe ', email: ' jane@example.com ', phone: ' 555 ' },
      { clientName: 'Jane Doe', email: 'jane@example.com', phone: '555' },
    ],
    [
      { clientName: 'Jane', email: '', phone: '' },
      { clientName: 'Jane', email: null, phone: null },
    ],
    [
      { clientName: 'Jane', email: '   ', phone: '  ' },
      { clientName: 'Jane', email: null, phone: null },
    ],
    [
      { clientName: null, email: null, phone: undefined },
      { clientName: '', email: null, phone: null },
    ],
    [{}, { clientName: '', email: null, phone: null }],
  ])('when the contact is %j, then it is stored as %j', (input, expected) => {
    expect(normalizeRequestContact(input)).toEqual(expected);
  });
});
