import { describe, expect, it } from 'vitest';
import { cachedDateTimeFormat } from './date-formats.ts';

describe('cachedDateTimeFormat', () => {
  it('when the same locale and options are asked for again, then the same format is given', () => {
    const options = { timeZone: 'UTC', month: 'long' } as const;
    const first = cachedDateTimeFormat('en-GB', options);
    expect(cachedDateTimeFormat('en-GB', { ...options })).toBe(first);
    expect(first.format(new Date(Date.UTC(2026, 10, 29)))).toBe('November');
  });

  it('when the locale or the options differ, then each has its own format', () => {
    const options = { timeZone: 'UTC', weekday: 'long' } as const;
    const monday = new Date(Date.UTC(2026, 10, 30));
    expect(cachedDateTimeFormat('de-DE', options).format(monday)).toBe('Montag');
    expect(cachedDateTimeFormat('en-US', options).format(monday)).toBe('Monday');
  });
});
