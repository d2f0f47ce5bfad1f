import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_MAIL_DIR } from './test-data';

/** A message the app sent, as start-server.mjs's loopback SMTP server wrote it down. */
export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  receivedAt: string;
}

function readInbox(): ReceivedMail[] {
  let names: string[];
  try {
    names = readdirSync(E2E_MAIL_DIR).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return names
    .sort()
    .map((name) => JSON.parse(readFileSync(join(E2E_MAIL_DIR, name), 'utf8')) as ReceivedMail);
}

/**
 * The newest message to `to` that matches, waiting for it: mail is stored, then
 * delivered by a background job, a moment after the request that asked for it.
 */
export async function waitForMail(
  to: string,
  matches: (mail: ReceivedMail) => boolean = () => true,
  { timeoutMs = 30_000, after }: { timeoutMs?: number; after?: Date } = {},
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readInbox()
      .filter((mail) => mail.to.includes(to.toLowerCase()) && matches(mail))
      .filter((mail) => !after || new Date(mail.receivedAt) >= after)
      .at(-1);
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`no mail to ${to} within ${timeoutMs} ms (inbox: ${E2E_MAIL_DIR})`);
    await new Promise((done) => setTimeout(done, 200));
  }
}
