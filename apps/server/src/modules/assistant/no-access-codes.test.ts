import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, signedInUser, type TestApp } from '../../../test/build-app.ts';
import { addContact } from '../../../test/customers.ts';
import { createJobAs } from '../../../test/jobs.ts';
import { contactHistory, visit } from './read-tools.ts';
import type { ToolContext } from './tools.ts';

/** The access vault's codes never reach the assistant (issue 26): its reads carry none. */
describe('the assistant and the access vault', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("when it reads a contact's history and their visit, then no code nor vault field is in its answer", async () => {
    const owner = await signedInUser(t.app);
    const contact = await addContact(t.app, owner);
    const added = await asUser(t.app, owner, {
      method: 'POST',
      url: `/api/customers/${contact.id}/access-codes`,
      // Letters no id, time or number in an answer can hold (a digits-only code once matched a uuid).
      payload: { label: 'Gate', secret: '#QXZW-gate' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const job = await createJobAs(t.app, owner, { customerId: contact.id });
    const context: ToolContext = {
      get: async (path, query) => {
        const qs = new URLSearchParams(
          Object.entries(query ?? {}).flatMap(([k, v]): [string, string][] =>
            v === undefined ? [] : [[k, String(v)]],
          ),
        ).toString();
        const res = await asUser(t.app, owner, { method: 'GET', url: qs ? `${path}?${qs}` : path });
        return { status: res.statusCode, body: res.json() };
      },
      role: 'owner',
      timeZone: 'UTC',
      today: '2026-11-20',
      money: (minor) => String(minor),
    };
    const answers = [
      await contactHistory.run(context, { contactId: contact.id }),
      await visit.run(context, { visitId: job.id }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe('ok');
      const text = JSON.stringify(answer);
      expect(text).toContain(contact.lastName);
      expect(text).not.toContain('QXZW');
      expect(text).not.toMatch(/access.?code|secret/i);
    }
  });
});
