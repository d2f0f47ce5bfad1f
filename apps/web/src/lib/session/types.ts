import { isPhoneOnlyEmail, type BusinessAccount, type Role } from '@crewdesk/domain';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  firstName: string | null;
  lastName: string | null;
  avatarUrl: string | null;
  emailVerified: boolean;
  /** Set for a user who signed up with a phone number; their e-mail is then a placeholder. */
  phoneNumber: string | null;
  phoneNumberVerified: boolean;
}

/** Spec section 4: a signed-in user must have confirmed the e-mail or number they signed up with. */
export function isVerifiedUser(user: SessionUser): boolean {
  return user.emailVerified || (user.phoneNumber !== null && user.phoneNumberVerified);
}

/** How the user is reached: the e-mail, or the phone number for a phone-only account. */
export function contactOf(user: Pick<SessionUser, 'email' | 'phoneNumber'>): string {
  return isPhoneOnlyEmail(user.email) && user.phoneNumber ? user.phoneNumber : user.email;
}

/** Spec section 4, auth gate: where the user is in onboarding, as the server decides it. */
export interface OnboardingState {
  complete: boolean;
  /** The last step done: profile (1), business (2), plan (3). */
  stepCompleted: number;
  required: boolean;
}

/** `GET /api/me`. */
export interface MeResponse {
  user: SessionUser;
  onboarding: OnboardingState;
  accounts: BusinessAccount[];
  activeAccountId: string | null;
  /** The role in the active account; the server re-checks every request. */
  role: Role;
  /**
   * Set (by the client) when the user is signed in but their accounts failed to load: the app
   * carries on with no account and the temporary role member, and says so (spec sections 4, 8).
   */
  accountsError?: string;
  /**
   * Set (by the client) when the server could not be reached and this is the copy of the session
   * kept on the device: the app opens its shell and what works offline, and says so.
   */
  offline?: boolean;
}

export interface Session extends MeResponse {
  activeAccount: BusinessAccount | null;
}

export function toSession(me: MeResponse): Session {
  const activeAccount = me.accounts.find((a) => a.account_id === me.activeAccountId) ?? null;
  return { ...me, activeAccount };
}
