import { z } from 'zod';
import { MESSAGES } from '../messages.ts';

export const TEAM_NAME_REQUIRED = MESSAGES.teamNameRequired;

export const teamNameSchema = z
  .string({ error: TEAM_NAME_REQUIRED.description })
  .trim()
  .min(1, { error: TEAM_NAME_REQUIRED.description });
