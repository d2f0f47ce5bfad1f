import { describe, expect, it } from 'vitest';
import { filtersFromQuery } from './query-filters';
import { hrefOf } from './screen-link';

describe('filtersFromQuery', () => {
  const empty = { q: '', status: '', from: '', to: '' };

  it('when the address names known filters, then the list starts with them', () => {
    const params = new URLSearchParams('status=overdue&from=2026-11-01&to=2026-11-30');
    expect(filtersFromQuery(empty, params)).toEqual({
      q: '',
      status: 'overdue',
      from: '2026-11-01',
      to: '2026-11-30',
    });
  });

  it('when the address has other keys, then they are left out and the empty value is kept', () => {
    const result = filtersFromQuery(empty, new URLSearchParams('page=3&customerId=x'));
    expect(result).toEqual(empty);
    expect(result).not.toBe(empty);
  });

  it('when a filter is not a string (a switch), then the address does not set it', () => {
    expect(
      filtersFromQuery({ q: '', overdue: false }, new URLSearchParams('overdue=true')),
    ).toEqual({ q: '', overdue: false });
  });
});

describe('hrefOf', () => {
  it('when a link has a query, then it is appended; without one, the path alone', () => {
    expect(hrefOf({ path: '/jobs', query: { from: '2026-11-25', status: 'completed' } })).toBe(
      '/jobs?from=2026-11-25&status=completed',
    );
    expect(hrefOf({ path: '/reports/receivables', query: {} })).toBe('/reports/receivables');
  });
});
