import { USE_USER_ROLE_OUTSIDE_PROVIDER, type Role } from '@crewdesk/domain';
import { createContext, use, type ReactNode } from 'react';

export interface UserRole {
  /** The role in the active account (member when there is none; the server re-checks). */
  role: Role;
  /** The active business account, or null. */
  accountId: string | null;
}

const UserRoleContext = createContext<UserRole | null>(null);

export function UserRoleProvider({ value, children }: { value: UserRole; children: ReactNode }) {
  return <UserRoleContext value={value}>{children}</UserRoleContext>;
}

/** Spec section 4/8: the active role; outside the provider it throws the spec's message. */
export function useUserRole(): UserRole {
  const value = use(UserRoleContext);
  if (value === null) throw new Error(USE_USER_ROLE_OUTSIDE_PROVIDER);
  return value;
}
