import { z } from 'zod';
import { businessAccountSchema, onboardingStateSchema } from '../accounts/account-api.ts';
import { ROLES } from './roles.ts';

/** The signed-in person, as `GET /api/me` answers them. */
export const sessionUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  emailVerified: z.boolean(),
  /** Set for a user who signed up with a phone number (their e-mail is then a placeholder). */
  phoneNumber: z.string().nullable(),
  phoneNumberVerified: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** `GET /api/me`: the person, their onboarding, their businesses and the active one's role. */
export const meSchema = z.object({
  user: sessionUserSchema,
  onboarding: onboardingStateSchema,
  accounts: z.array(businessAccountSchema),
  activeAccountId: z.uuid().nullable(),
  /** The role in the active account; the server re-checks every request. */
  role: z.enum(ROLES),
});
export type Me = z.infer<typeof meSchema>;
