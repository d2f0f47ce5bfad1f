import type { BusinessAccount, Role } from '@crewdesk/domain';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  firstName: string | null;
  lastName: string | null;
  avatarUrl: string | null;
  emailVerified: boolean;
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
}

export interface Session extends MeResponse {
  activeAccount: BusinessAccount | null;
}

export function toSession(me: MeResponse): Session {
  const activeAccount = me.accounts.find((a) => a.account_id === me.activeAccountId) ?? null;
  return { ...me, activeAccount };
}
