import { z } from 'zod';
import { isKnownCurrency } from './money.ts';

// Apart from money.ts so that showing an amount does not load zod on the first screen.
export const CURRENCY_MESSAGE = 'Choose a currency by its ISO 4217 code, such as USD, EUR or JPY.';

export const currencySchema = z
  .string({ error: CURRENCY_MESSAGE })
  .trim()
  .max(3, { error: CURRENCY_MESSAGE })
  .toUpperCase()
  .refine(isKnownCurrency, { error: CURRENCY_MESSAGE });
