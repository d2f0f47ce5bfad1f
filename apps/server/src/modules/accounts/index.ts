// The accounts module's face: what other modules may use. Import nothing else of it from outside.
export { accountRoutes } from './accounts.routes.ts';
export { employeeFromUser, setSessionActiveAccount } from './accounts.repo.ts';
export {
  PERSONAL_ACCOUNT_NAME,
  calendarSettingsOf,
  createBusinessAccount,
  findAccountName,
  findLastAccountId,
  listBusinessAccounts,
  listBusinessAccountsWithDetails,
  resolveSessionAccount,
  roleOf,
  switchActiveAccount,
} from './accounts.service.ts';
