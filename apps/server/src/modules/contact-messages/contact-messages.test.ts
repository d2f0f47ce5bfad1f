import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/build-app.ts';

describe('POST /api/contact-messages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('when a visitor sends a valid message, then it is stored and acknowledged', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact-messages',
      payload: {
        name: 'Maria Lopez',
        email: 'maria@example.test',
        subject: 'Self-hosting',
        message: 'How do I back up my data?',
      },
    });
    expect(res.statusCode).toBe(201);
    const { id, receivedAt } = res.json();
    expect(new Date(receivedAt).getTime()).not.toBeNaN();
    const [row] = await t.app.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({
      name: 'Maria Lopez',
      email: 'maria@example.test',
      subject: 'Self-hosting',
      message: 'How do I back up my data?',
    });
  });

  it.each([
    [
      { name: 'M', email: 'maria@example.test', message: 'A long enough message' },
      'name: Please enter your name.',
    ],
    [
      { name: 'Maria', email: 'not-an-email', message: 'A long enough message' },
      'email: Please enter a valid email address.',
    ],
    [
      { name: 'Maria', email: 'maria@example.test', message: 'short' },
      'message: Please write at least 10 characters.',
    ],
  ])(
    'when the input is %o, then it answers 400 "%s" and stores nothing',
    async (payload, message) => {
      const before = await t.app.db.select().from(contactMessages);
      const res = await t.app.inject({ method: 'POST', url: '/api/contact-messages', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', message });
      expect(await t.app.db.select().from(contactMessages)).toHaveLength(before.length);
    },
  );
});
