import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Shared by playwright.config.ts (which passes them to e2e/start-server.mjs) and the specs. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * start-server.mjs runs a loopback SMTP server for the app and writes every
 * message it receives here as JSON (see mail.ts). One folder per port, so two
 * runs on one machine keep their mail apart.
 */
export const E2E_MAIL_DIR =
  process.env.E2E_MAIL_DIR ?? join(tmpdir(), `crewdesk-e2e-mail-${E2E_PORT}`);

/** Created by e2e/start-server.mjs through the server's user factory. */
export const TEAM_MEMBER = {
  email: 'member@crewdesk.test',
  password: 'member-password-1',
  role: 'team_member',
  firstName: 'Tess',
  lastName: 'Member',
  accountName: 'Sparkle Cleaning',
} as const;

/** An owner, who may open every protected route. */
export const OWNER = {
  email: 'owner@crewdesk.test',
  password: 'owner-password-1',
  role: 'owner',
  firstName: 'Olive',
  lastName: 'Owner',
  accountName: 'Owner Cleaning Co',
} as const;

/** A sales_person in a business of their own: may price estimates, never sees the Business Summary. */
export const SALES_PERSON = {
  email: 'sales@crewdesk.test',
  password: 'sales-password-1',
  role: 'sales_person',
  firstName: 'Sam',
  lastName: 'Sales',
  accountName: 'Sales Cleaning Co',
} as const;
