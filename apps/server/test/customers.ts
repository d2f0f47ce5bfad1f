import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { employees } from '../src/db/schema/index.ts';
import { asUser, type SignedInUser } from './build-app.ts';

let sequence = 0;

/** A valid contact form body; each call a different person. */
export function contactBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  sequence += 1;
  return {
    firstName: `Ann${sequence}`,
    lastName: 'Lee',
    email: `ann${sequence}@example.test`,
    phone: '(512) 555-0100',
    ...overrides,
  };
}

/** Adds a contact through the API as `user`; returns the answer's body. */
export async function addContact(
  app: FastifyInstance,
  user: SignedInUser,
  overrides: Record<string, unknown> = {},
) {
  const res = await asUser(app, user, {
    method: 'POST',
    url: '/api/customers',
    payload: contactBody(overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The employee record of a user in their own account (made with the account). */
export async function ownEmployeeId(app: FastifyInstance, user: SignedInUser): Promise<string> {
  const [row] = await app.db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.accountId, user.accountId), eq(employees.userId, user.userId)));
  if (!row) throw new Error('the user has no employee record');
  return row.id;
}
