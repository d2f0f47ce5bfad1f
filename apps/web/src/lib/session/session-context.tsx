import { createContext, use, type ReactNode } from 'react';
import type { Session } from './types';
import { showAmountsIn } from '@/lib/money';
import { startWeeksOn } from '@/lib/locale';
import { showTimesIn } from '@/lib/time-zone';

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  // Every amount on the staff's screens is in the active business's currency, every date and
  // number written as it writes them, and every time on its clock.
  showAmountsIn(session.activeAccount?.currency, session.activeAccount?.locale);
  showTimesIn(session.activeAccount?.time_zone);
  startWeeksOn(session.activeAccount?.week_starts_on);
  return <SessionContext value={session}>{children}</SessionContext>;
}

/** The signed-in user's session; only inside the auth gate. */
export function useSession(): Session {
  const session = use(SessionContext);
  if (session === null) throw new Error('useSession must be used inside the auth gate');
  return session;
}
