import { signUpSchema } from '@crewdesk/domain';
import { z } from 'zod';

/**
 * A new password typed twice (Settings, and the reset link): the sign-up rule
 * for the password, and both entries must match.
 */
export const newPasswordFields = {
  newPassword: signUpSchema.shape.password,
  confirmPassword: z.string(),
};

export function newPasswordsMatch(values: { newPassword: string; confirmPassword: string }) {
  return values.confirmPassword === values.newPassword;
}

export const NEW_PASSWORDS_MISMATCH = {
  path: ['confirmPassword'],
  error: 'The two new passwords do not match.',
};
