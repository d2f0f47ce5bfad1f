import { hasBusinessAdminRights, type BusinessAccount, type Role } from '@crewdesk/domain';

/**
 * The zone whose clock and calendar the app shows (IANA): the active business's (from the
 * session), or the business whose page a client opened. Every date and time the app shows or
 * defaults to is the business's, whatever zone the device is in; like the locale, one business
 * is shown at a time, so it is kept here rather than passed to every cell. Until a business has
 * chosen its zone the server answers 'UTC', as it reads it.
 */
let shown = 'UTC';

/**
 * Whether this browser knows `timeZone`. The domain's isKnownTimeZone does the same, but its
 * module would bring the zoned-time rules to the first screen's code, which has a budget.
 */
function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Shows times on the clock of `timeZone` from this render on (none, or an unknown one: UTC). */
export function showTimesIn(timeZone: string | null | undefined): void {
  if (timeZone === shown) return;
  shown = timeZone && isKnownTimeZone(timeZone) ? timeZone : 'UTC';
}

export function shownTimeZone(): string {
  return shown;
}

/** This browser's own zone: what a business is offered when it chooses its own. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * Whether to ask this person for the business's time zone: the business never chose it (it is
 * read as UTC) and they have business admin rights. An account the server did not say about
 * (an older answer) is not asked.
 */
export function asksForTimeZone(
  role: Role | null | undefined,
  account: Pick<BusinessAccount, 'time_zone_chosen'> | null | undefined,
): boolean {
  return account?.time_zone_chosen === false && hasBusinessAdminRights(role);
}
