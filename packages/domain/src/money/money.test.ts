import { describe, expect, it } from 'vitest';
import {
  currencyDecimals,
  currencySymbol,
  formatMoney,
  fromMinorUnits,
  toMinorUnits,
} from './money.ts';
import { currencySchema } from './currency-schema.ts';

describe('money in the business currency', () => {
  it.each([
    ['USD', 2, 123450, '$1,234.50'],
    ['EUR', 2, 123450, '€1,234.50'],
    ['GBP', 2, -450, '-£4.50'],
    ['JPY', 0, 123450, '¥123,450'],
    ['KWD', 3, 123450, 'KWD 123.450'],
    ['BHD', 3, 5, 'BHD 0.005'],
  ])(
    '%s has %i decimals and shows %i minor units as expected',
    (currency, decimals, minor, shown) => {
      expect(currencyDecimals(currency)).toBe(decimals);
      expect(formatMoney(minor, currency).replace(/\u00a0/g, ' ')).toBe(shown);
    },
  );

  it.each([
    [12.5, 'EUR', 1250],
    [1.005, 'USD', 101],
    [1000, 'JPY', 1000],
    [1.2345, 'KWD', 1235],
    [-4.5, 'USD', -450],
    [0, 'JPY', 0],
  ])('%f %s typed is %i minor units', (amount, currency, minor) => {
    expect(toMinorUnits(amount, currency)).toBe(minor);
  });

  it('reads minor units back as the amount typed', () => {
    expect(fromMinorUnits(1250, 'EUR')).toBe(12.5);
    expect(fromMinorUnits(1250, 'JPY')).toBe(1250);
    expect(fromMinorUnits(1250, 'KWD')).toBe(1.25);
  });

  it('accepts ISO 4217 codes in any case and refuses others with the message', () => {
    expect(currencySchema.parse(' eur ')).toBe('EUR');
    for (const bad of ['EURO', 'XYZ', '', '€', 'us'])
      expect(currencySchema.safeParse(bad).error?.issues[0]?.message).toContain('ISO 4217');
  });

  it('knows the symbols', () => {
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('JPY')).toBe('¥');
  });
});
