import { parseArgs } from 'node:util';
import { isRole } from '@crewdesk/domain';
import { createUserWithPassword } from '../src/modules/identity/index.ts';
import { withScriptContext } from './script-context.ts';

/**
 * Creates a user and their business account with a chosen role:
 *   npx tsx apps/server/scripts/create-user.ts --email a@b.com --password '…' --role team_member
 * Used by the end-to-end tests' factory, and by operators to add a user from a shell.
 */
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string', default: 'owner' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    'account-name': { type: 'string' },
  },
});

if (!values.email || !values.password) {
  console.error(
    'Usage: create-user --email <email> --password <password> [--role <role>] [--first-name X] [--last-name Y] [--account-name Z]',
  );
  process.exit(2);
}
const role = values.role ?? 'owner';
if (!isRole(role)) {
  console.error(`Unknown role "${role}".`);
  process.exit(2);
}

withScriptContext(async ({ database, auth }) => {
  const user = await createUserWithPassword(auth, database.db, {
    email: values.email!,
    password: values.password!,
    role,
    firstName: values['first-name'],
    lastName: values['last-name'],
    accountName: values['account-name'],
    emailVerified: true,
  });
  console.log(`Created ${user.email} (${role}) in account ${user.accountId}`);
}).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
