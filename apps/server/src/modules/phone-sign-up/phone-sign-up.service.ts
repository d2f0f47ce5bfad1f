import { phoneOnlyEmail, type PhoneSignUpValues } from '@crewdesk/domain';
import type { Db } from '../../db/client.ts';
import { assertStrongPassword } from '../../lib/weak-password.ts';
import { createCredentialUser, type Auth } from '../identity/index.ts';
import { findUserByPhoneNumber } from './phone-sign-up.repo.ts';

function displayName(input: PhoneSignUpValues): string {
  return [input.firstName, input.lastName].filter(Boolean).join(' ') || input.phoneNumber;
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return (error as { code?: string }).code === '23505' || cause?.code === '23505';
}

/**
 * Sign-up with a phone number and a password. The user is created as better-auth's e-mail
 * sign-up would make them (the credential, their own business account and plan come with it),
 * with a placeholder address; then a code is texted to the number. The first sign-in follows
 * the code (better-auth's phone-number verify). A number that already has an account gets the
 * same answer, so the answer never tells whether it is registered; only an unconfirmed one is
 * texted a new code.
 */
export async function signUpWithPhone(
  deps: { db: Db; auth: Auth },
  input: PhoneSignUpValues,
): Promise<void> {
  const { db, auth } = deps;
  assertStrongPassword(input.password, {
    phoneNumber: input.phoneNumber,
    names: [input.firstName, input.lastName, input.businessName],
  });
  const existing = await findUserByPhoneNumber(db, input.phoneNumber);
  if (!existing) {
    try {
      await createCredentialUser(
        auth,
        {
          email: phoneOnlyEmail(input.phoneNumber),
          name: displayName(input),
          firstName: input.firstName || null,
          lastName: input.lastName || null,
          businessName: input.businessName || null,
          phoneNumber: input.phoneNumber,
          phoneNumberVerified: false,
          emailVerified: false,
        },
        input.password,
        'phone-number',
      );
    } catch (error) {
      // The same number written another way (with or without +) at the same moment.
      if (!isUniqueViolation(error)) throw error;
      return;
    }
  } else if (existing.verified) {
    return;
  }
  await auth.api.sendPhoneNumberOTP({ body: { phoneNumber: input.phoneNumber } });
}
