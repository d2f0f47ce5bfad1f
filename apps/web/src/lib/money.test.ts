import { afterEach, describe, expect, it } from 'vitest';
import {
  amountText,
  compactAmount,
  formatAmount,
  fromMinor,
  moneySymbol,
  showAmountsIn,
  toMinor,
} from './money';

describe('amounts in the shown business currency', () => {
  afterEach(() => showAmountsIn('USD'));

  it('when nothing or an unknown code is set, then US dollars', () => {
    showAmountsIn(undefined);
    expect(formatAmount(123450)).toBe('$1,234.50');
    showAmountsIn('XYZ');
    expect(moneySymbol()).toBe('$');
  });

  it('when a business uses euros, then amounts, symbols and inputs follow', () => {
    showAmountsIn('EUR');
    expect(formatAmount(123450)).toBe('€1,234.50');
    expect(moneySymbol()).toBe('€');
    expect(toMinor(12.5)).toBe(1250);
    expect(fromMinor(1250)).toBe(12.5);
    expect(amountText(1250)).toBe('12.50');
    expect(compactAmount(123_450_00)).toBe('€123.5K');
  });

  it('when a currency has no or three decimals, then inputs and texts use them', () => {
    showAmountsIn('JPY');
    expect(formatAmount(1234)).toBe('¥1,234');
    expect(toMinor(1234)).toBe(1234);
    expect(amountText(1234)).toBe('1234');
    showAmountsIn('KWD');
    expect(toMinor(1.5)).toBe(1500);
    expect(amountText(1500)).toBe('1.500');
  });
});
