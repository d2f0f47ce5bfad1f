import { apiRequest } from '@/lib/api-client';

export interface SignInInput {
  email: string;
  password: string;
}

/** better-auth: sets the HTTP-only session cookie on success. */
export function signIn(input: SignInInput): Promise<unknown> {
  return apiRequest('/auth/sign-in/email', { method: 'POST', body: input });
}
