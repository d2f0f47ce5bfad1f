import {
  isPhoneOnlyEmail,
  type BusinessAccount,
  type Me,
  type OnboardingState,
  type SessionUser,
} from '@crewdesk/domain';

export type { OnboardingState, SessionUser };

/** Spec section 4: a signed-in user must have confirmed the e-mail or number they signed up with. */
export function isVerifiedUser(user: SessionUser): boolean {
  return user.emailVerified || (user.phoneNumber !== null && user.phoneNumberVerified);
}

/** How the user is reached: the e-mail, or the phone number for a phone-only account. */
export function contactOf(user: Pick<SessionUser, 'email' | 'phoneNumber'>): string {
  return isPhoneOnlyEmail(user.email) && user.phoneNumber ? user.phoneNumber : user.email;
}

/** `GET /api/me` (the domain's meSchema), and what the client adds when it cannot load it all. */
export interface MeResponse extends Me {
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
