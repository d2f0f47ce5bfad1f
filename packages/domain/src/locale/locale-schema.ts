import { z } from 'zod';
import { isBusinessLocale } from './business-locale.ts';

// Apart from business-locale.ts so that formatting a date does not load zod on the first screen.
export const LOCALE_MESSAGE = 'Choose a date and number format from the list.';

export const localeSchema = z
  .string({ error: LOCALE_MESSAGE })
  .trim()
  .max(10, { error: LOCALE_MESSAGE })
  .refine(isBusinessLocale, { error: LOCALE_MESSAGE });
