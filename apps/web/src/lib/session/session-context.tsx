import { createContext, use, type ReactNode } from 'react';
import type { Session } from './types';
import { showAmountsIn } from '@/lib/money';
import { startWeeksOn } from '@/lib/locale';

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  // Every amount on the staff's screens is in the active business's currency, and every date and
  // number written as it writes them.
  showAmountsIn(session.activeAccount?.currency, session.activeAccount?.locale);
  startWeeksOn(session.activeAccount?.week_starts_on);
  return <SessionContext value={session}>{children}</SessionContext>;
}

/** The signed-in user's session; only inside the auth gate. */
export function useSession(): Session {
  const session = use(SessionContext);
  if (session === null) throw new Error('useSession must be used inside the auth gate');
  return session;
}
