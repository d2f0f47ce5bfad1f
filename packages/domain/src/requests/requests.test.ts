import { describe, expect, it } from 'vitest';
import {
  categorizeRequest,
  isRequestExpired,
  NEW_REQUEST_STATUS,
  REQUEST_EXPIRY_DAYS,
  requestExpiresAt,
  requestSaveFailureMessage,
} from './requests.ts';

describe('categorizeRequest', () => {
  it.each([
    ['quote', 'standard', 'proposal'],
    ['quote', true, 'proposal'],
    ['quote', 1, 'proposal'],
    ['quote', false, 'quote'],
    ['quote', null, 'quote'],
    ['quote', undefined, 'quote'],
    ['quote', '', 'quote'],
    ['quote', 0, 'quote'],
    ['estimate', null, 'estimate'],
    ['estimate', false, 'estimate'],
    ['inquiry', null, 'estimate'],
    [null, null, 'estimate'],
    [undefined, undefined, 'estimate'],
    ['', null, 'estimate'],
    ['callback', false, 'estimate'],
    // Odd cases (see the function's comment): only a quote can be a proposal.
    ['estimate', true, 'estimate'],
    ['inquiry', 'standard', 'estimate'],
    [null, true, 'estimate'],
    ['callback', true, 'estimate'],
    ['Quote', true, 'estimate'],
  ])('when type %j and proposal_type %j, then it is a %s', (type, proposal_type, category) => {
    expect(categorizeRequest({ type, proposal_type })).toBe(category);
  });
});

describe('request expiry', () => {
  const created = new Date('2025-03-01T10:00:00.000Z');

  it('when created, then it expires exactly 30 days later', () => {
    expect(REQUEST_EXPIRY_DAYS).toBe(30);
    expect(requestExpiresAt(created).toISOString()).toBe('2025-03-31T10:00:00.000Z');
  });

  it.each([
    ['2025-03-01T10:00:00.000Z', false],
    ['2025-03-31T09:59:59.999Z', false],
    ['2025-03-31T10:00:00.000Z', true],
    ['2025-03-31T10:00:00.001Z', true],
    ['2026-01-01T00:00:00.000Z', true],
    ['2025-02-01T00:00:00.000Z', false],
  ])('when now is %s, then expired is %s', (now, expected) => {
    expect(isRequestExpired(created, new Date(now))).toBe(expected);
  });

  it('when a new request is saved, then its status is unopened', () => {
    expect(NEW_REQUEST_STATUS).toBe('unopened');
  });
});

describe('requestSaveFailureMessage', () => {
  it.each([
    [
      'duplicate key value violates unique constraint "requests_pkey"',
      'This estimate already exists. Please try again with different details.',
    ],
    [
      'insert or update on table "requests" violates foreign key constraint',
      'There was an issue with the business or user association. Please refresh and try again.',
    ],
    [
      'column "foo" of relation "requests" does not exist',
      'There was a database structure issue. Please contact support.',
    ],
    [
      'Duplicate Key and column both',
      'This estimate already exists. Please try again with different details.',
    ],
    [
      'foreign key on column x',
      'There was an issue with the business or user association. Please refresh and try again.',
    ],
    ['connection reset', 'Failed to save quote/estimate. Please try again.'],
    ['', 'Failed to save quote/estimate. Please try again.'],
    [null, 'Failed to save quote/estimate. Please try again.'],
  ])('when the database says %j, then the user reads %j', (error, message) => {
    expect(requestSaveFailureMessage(error)).toBe(message);
  });
});
