import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { FIELD_LIMITS, tooLongMessage } from './field-limits.ts';

export const TEAM_NAME_REQUIRED = MESSAGES.teamNameRequired;

export const teamNameSchema = z
  .string({ error: TEAM_NAME_REQUIRED.description })
  .trim()
  .min(1, { error: TEAM_NAME_REQUIRED.description })
  .max(FIELD_LIMITS.text.teamName, {
    error: tooLongMessage('Team name', FIELD_LIMITS.text.teamName),
  });
