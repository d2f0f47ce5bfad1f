import { describe, expect, it } from 'vitest';
import { BUSINESS_LOCALES, formatCalendarDate, formattingLocale } from './business-locale.ts';
import { LOCALE_MESSAGE, localeSchema } from './locale-schema.ts';
import { formatMoney } from '../money/money.ts';

describe('a business locale', () => {
  it.each([
    ['en-US', 'long', 'November 21, 2026'],
    ['en-US', 'medium', 'Nov 21, 2026'],
    ['en-GB', 'long', '21 November 2026'],
    ['en-GB', 'medium', '21 Nov 2026'],
    ['de-DE', 'long', '21. November 2026'],
    ['ja-JP', 'long', '2026年11月21日'],
  ] as const)('when %s writes 2026-11-21 (%s), then it reads %s', (locale, style, text) => {
    expect(formatCalendarDate('2026-11-21', locale, style)).toBe(text);
  });

  it('when a date is the first or last of a year, then no time zone moves it a day', () => {
    expect(formatCalendarDate('2027-01-01', 'en-US', 'medium')).toBe('Jan 1, 2027');
    expect(formatCalendarDate('2026-12-31', 'en-US', 'medium')).toBe('Dec 31, 2026');
  });

  it('when the stored locale is unknown or missing, then figures are written as in en-US', () => {
    expect(formattingLocale(null)).toBe('en-US');
    expect(formattingLocale('xx-YY')).toBe('en-US');
    expect(formattingLocale('fr-CA')).toBe('fr-CA');
    expect(formatCalendarDate('2026-11-21', 'nonsense')).toBe('November 21, 2026');
  });

  it('when amounts are written with a locale, then its separators and symbol place follow', () => {
    expect(formatMoney(123_456, 'EUR', 'de-DE').replace(/\u00a0/g, ' ')).toBe('1.234,56 €');
    expect(formatMoney(123_456, 'EUR', 'en-IE')).toBe('€1,234.56');
    expect(formatMoney(123_456, 'JPY', 'ja-JP')).toMatch(/^[¥￥]123,456$/);
  });

  it('when a locale is chosen, then only the listed ones pass, with one message', () => {
    for (const { code } of BUSINESS_LOCALES) expect(localeSchema.parse(code)).toBe(code);
    for (const bad of ['en', 'de_DE', 'xx-YY', '', 'x'.repeat(50), 42]) {
      const result = localeSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(LOCALE_MESSAGE);
    }
  });

  it('when the list is shown, then every code formats and no code repeats', () => {
    const codes = BUSINESS_LOCALES.map((l) => l.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(Intl.DateTimeFormat.supportedLocalesOf(code)).toEqual([code]);
  });
});
