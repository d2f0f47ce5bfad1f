import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Config } from '../src/config.ts';
import { createTestApp, type TestApp } from './build-app.ts';

export interface TestInbox {
  url: string;
  messages: ParsedMail[];
  /** Refuse every recipient from now on (a mail server that is down or rejecting). */
  rejectAll: boolean;
  /** Refuse the recipients for which this answers true (asked at each delivery attempt). */
  refuseRecipient?: (address: string) => boolean;
  waitFor(predicate: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback that keeps and parses what it receives. */
export async function startTestInbox(): Promise<TestInbox> {
  const inbox: TestInbox = {
    url: '',
    messages: [],
    rejectAll: false,
    async waitFor(predicate, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = inbox.messages.find(predicate);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no matching mail within ${timeoutMs} ms (got ${inbox.messages.length})`);
    },
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refused = inbox.rejectAll || inbox.refuseRecipient?.(address.address) === true;
      callback(refused ? new Error('550 mailbox unavailable') : undefined);
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          inbox.messages.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  inbox.url = `smtp://127.0.0.1:${port}`;
  inbox.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return inbox;
}

export interface TestAppWithInbox extends TestApp {
  inbox: TestInbox;
}

/** The app with its mail sent over SMTP to a loopback inbox of its own; close() stops both. */
export async function createTestAppWithInbox(
  overrides: Partial<Config> & { now?: () => Date } = {},
): Promise<TestAppWithInbox> {
  const inbox = await startTestInbox();
  const t = await createTestApp({ ...overrides, smtpUrl: inbox.url });
  return {
    ...t,
    inbox,
    async close() {
      await t.close();
      await inbox.close();
    },
  };
}
