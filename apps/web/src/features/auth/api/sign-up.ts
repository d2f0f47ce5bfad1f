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

/** Creates the user and their business account (as owner) and signs them in. */
export function signUp(values: SignUpValues): Promise<unknown> {
  return apiRequest('/auth/sign-up/email', {
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
