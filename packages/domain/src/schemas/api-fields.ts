import { z } from 'zod';
import { REQUIRED_MESSAGE } from './required-message.ts';

/** Query strings send '' for a cleared filter: treat it (and null) as not given. */
export const emptyAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Trimmed text that must not be empty ('Required'), up to `max` characters. */
export const requiredText = (max: number) =>
  z
    .string({ error: REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: REQUIRED_MESSAGE })
    .max(max, `Must be at most ${max} characters.`);
