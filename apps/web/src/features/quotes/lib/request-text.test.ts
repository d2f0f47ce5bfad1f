import { describe, expect, it } from 'vitest';
import { eventText } from './request-text';
import { saveFailureText } from './save-feedback';
import { ApiError } from '@/lib/api-client';

const at = '2026-11-21T10:00:00Z';

describe('eventText', () => {
  it.each([
    ['created', { amountCents: 12345 }, 'Created at $123.45'],
    ['created', { amountCents: 9500, duplicatedFrom: 'x' }, 'Created as a copy at $95.00'],
    [
      'edited',
      { fromAmountCents: 9500, toAmountCents: 12000 },
      'Edited: price changed from $95.00 to $120.00',
    ],
    ['edited', { fromAmountCents: 9500, toAmountCents: 9500 }, 'Edited'],
    ['sent', { recipient: 'a@b.test', mailId: 'm-1' }, 'Sent to a@b.test'],
    [
      'created',
      { source: 'request_form', amountCents: 0 },
      'Requested by the client through the request form',
    ],
    ['sent', null, 'Sent to the client'],
    ['viewed', null, 'Opened by the client'],
    ['accepted', { name: 'Ann' }, 'Accepted by Ann'],
    ['declined', { reason: 'Too dear' }, 'Declined: Too dear'],
    ['expired', null, 'Expired after 30 days'],
    ['converted', null, 'Converted'],
  ] as const)('when a %s event has %j, then it reads "%s"', (kind, detail, text) => {
    expect(
      eventText(
        { id: '1', kind, detail: detail as Record<string, unknown> | null, createdAt: at },
        { options: null },
      ),
    ).toBe(text);
  });
});

describe('saveFailureText', () => {
  it.each([
    [
      new ApiError(500, 'X', 'ERROR: duplicate key value'),
      'Error',
      'This estimate already exists. Please try again with different details.',
    ],
    [
      new ApiError(500, 'X', 'violates foreign key constraint'),
      'Error',
      'There was an issue with the business or user association. Please refresh and try again.',
    ],
    [
      new ApiError(500, 'X', 'column "x" does not exist'),
      'Error',
      'There was a database structure issue. Please contact support.',
    ],
    [new ApiError(500, 'X', ''), 'Error', 'Failed to save quote/estimate. Please try again.'],
    [new TypeError('Failed to fetch'), 'Error', 'Failed to save quote/estimate. Please try again.'],
    [
      new ApiError(401, 'UNAUTHORIZED', 'Sign in'),
      'Authentication required',
      'Please sign in to save quotes/estimates',
    ],
    [
      new ApiError(
        400,
        'BAD_REQUEST',
        'Missing calculation: Please ensure all required fields are filled in.',
      ),
      'Missing calculation',
      'Please ensure all required fields are filled in.',
    ],
  ])('when a save fails with %s, then it shows %s / %s', (error, title, description) => {
    expect(saveFailureText(error)).toEqual({ title, description });
  });
});
