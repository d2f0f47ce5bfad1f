import type { SignUpValues } from '@crewdesk/domain';
import { apiRequest } from '@/lib/api-client';

/** better-auth needs a display name: "First Last", else the e-mail's local part. */
export function displayNameFor(
  values: Pick<SignUpValues, 'email' | 'firstName' | 'lastName'>,
): string {
  const full = [values.firstName, values.lastName]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');
  return full || (values.email.split('@')[0] ?? values.email);
}

function optional(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** better-auth's answer: no token while the address waits for confirmation. */
export interface SignUpResult {
  token: string | null;
}

/**
 * Creates the user and their business account (as owner) and e-mails the confirmation link.
 * The answer is the same for an address that already has an account (its owner gets a mail).
 */
export function signUp(values: SignUpValues): Promise<SignUpResult> {
  return apiRequest<SignUpResult>('/auth/sign-up/email', {
    method: 'POST',
    body: {
      email: values.email,
      password: values.password,
      name: displayNameFor(values),
      firstName: optional(values.firstName),
      lastName: optional(values.lastName),
      businessName: optional(values.businessName),
    },
  });
}
