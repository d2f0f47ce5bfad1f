import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmsGateway, type TestSmsGateway } from '../../../test/sms-gateway.ts';
import { TextMessenger } from './text-messenger.ts';

describe('TextMessenger', () => {
  let gateway: TestSmsGateway;
  beforeAll(async () => {
    gateway = await startTestSmsGateway();
  });
  afterAll(() => gateway.close());

  const message = { kind: 'phone-code', to: '+15550100909', body: 'Your Crewdesk code is 123456.' };

  it('when a gateway is configured, then the message is POSTed to it as JSON', async () => {
    const texter = new TextMessenger({
      jobs: null,
      webhookUrl: gateway.url,
      log: pino({ level: 'silent' }),
    });
    await texter.send(message);
    expect(gateway.messages).toContainEqual({ to: message.to, body: message.body });
  });

  it('when the gateway refuses, then delivery throws so the job queue retries it', async () => {
    gateway.failWith = 503;
    try {
      const texter = new TextMessenger({
        jobs: null,
        webhookUrl: gateway.url,
        log: pino({ level: 'silent' }),
      });
      await expect(texter.deliver(message)).rejects.toThrow('SMS gateway answered 503');
    } finally {
      gateway.failWith = null;
    }
  });

  it('when no gateway is configured, then the message is only logged, with its text', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    await new TextMessenger({ jobs: null, webhookUrl: undefined, log }).send(message);
    expect(lines.join('')).toContain('text message not sent (no SMS_WEBHOOK_URL configured)');
    expect(lines.join('')).toContain('Your Crewdesk code is 123456.');
  });
});
