import { z } from 'zod';
import { tooLongMessage } from './field-limits.ts';
import { REQUIRED_MESSAGE } from './required-message.ts';

/** Query strings send '' for a cleared filter: treat it (and null) as not given. */
export const emptyAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Trimmed text that must not be empty ('Required'), up to `max` characters. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: REQUIRED_MESSAGE })
    .max(max, tooLongMessage(label, max));
