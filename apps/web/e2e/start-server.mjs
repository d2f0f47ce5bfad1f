#!/usr/bin/env node
// Starts a throw-away Crewdesk server for the end-to-end tests: a fresh data
// folder, the test users made by the server's own factory, the demo business
// of `npm run demo` (unless E2E_DEMO=0), a loopback SMTP
// server that keeps what the app sends (when E2E_MAIL_DIR is set), then the
// server itself serving the built web app. Playwright's webServer runs this.
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.E2E_PORT ?? '3100';
const mailDir = process.env.E2E_MAIL_DIR;
const dataDir = mkdtempSync(join(tmpdir(), 'crewdesk-e2e-'));
/** A 1×1 light grey PNG: the stand-in for the map's tile server. */
const BLANK_TILE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN4+vw1AAVsArjSAflTAAAAAElFTkSuQmCC';

const env = {
  ...process.env,
  PORT: port,
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://localhost:${port}`,
  NODE_ENV: 'production',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  // Every test signs in from the same address within a minute or two.
  AUTH_RATE_LIMIT_MAX: process.env.AUTH_RATE_LIMIT_MAX ?? '1000',
  RATE_LIMIT_MAX: process.env.RATE_LIMIT_MAX ?? '5000',
  PUBLIC_FORM_RATE_LIMIT_MAX: process.env.PUBLIC_FORM_RATE_LIMIT_MAX ?? '1000',
  // No internet here: every map tile is one blank image in the page itself (a data: address the
  // app's CSP allows), so maps draw as they do for a business, with the tiles' credit line.
  MAP_TILE_URL: process.env.MAP_TILE_URL ?? BLANK_TILE,
  // A burst of notification e-mails waits two seconds, not a minute, before it goes out as one.
  NOTIFICATION_BURST_SECONDS: process.env.NOTIFICATION_BURST_SECONDS ?? '2',
  // The webhook walk sends to a receiver on this machine.
  WEBHOOKS_ALLOW_PRIVATE: 'true',
};

let inbox = null;

function cleanUp() {
  rmSync(dataDir, { recursive: true, force: true });
  inbox?.close();
  smsGateway?.close();
  if (mailDir) rmSync(mailDir, { recursive: true, force: true });
}

/**
 * A real SMTP server on a free loopback port. Each message is parsed and written
 * to E2E_MAIL_DIR as one JSON file (to, subject, text, html, links), written
 * under a temporary name and renamed, so a reader never sees half a file.
 */
async function startInbox(dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          count += 1;
          const text = mail.text ?? '';
          const message = {
            to: (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((to) =>
              to.value.map((address) => address.address?.toLowerCase() ?? ''),
            ),
            from: mail.from?.text ?? '',
            subject: mail.subject ?? '',
            text,
            html: typeof mail.html === 'string' ? mail.html : '',
            links: [...new Set(text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [])],
            receivedAt: new Date().toISOString(),
          };
          const name = `${Date.now()}-${String(count).padStart(5, '0')}`;
          writeFileSync(join(dir, `.${name}.tmp`), JSON.stringify(message, null, 2));
          renameSync(join(dir, `.${name}.tmp`), join(dir, `${name}.json`));
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const address = server.server.address();
  return {
    url: `smtp://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    close: () => server.close(),
  };
}

/** Writes one received message to the inbox folder, under a temporary name then renamed. */
function keep(dir, message) {
  const name = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  writeFileSync(join(dir, `.${name}.tmp`), JSON.stringify(message, null, 2));
  renameSync(join(dir, `.${name}.tmp`), join(dir, `${name}.json`));
}

/**
 * A loopback HTTP server standing in for an SMS gateway (SMS_WEBHOOK_URL): each text the app
 * sends is kept in the same inbox folder as the mail, with the subject 'Text message'.
 */
async function startSmsGateway(dir) {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const text = JSON.parse(body);
      keep(dir, {
        to: [text.to],
        from: 'sms',
        subject: 'Text message',
        text: text.body,
        html: '',
        links: [],
        receivedAt: new Date().toISOString(),
      });
      response.writeHead(202).end();
    });
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/sms`,
    close: () => server.close(),
  };
}

let smsGateway = null;
if (mailDir) {
  inbox = await startInbox(mailDir);
  env.SMTP_URL = inbox.url;
  smsGateway = await startSmsGateway(mailDir);
  env.SMS_WEBHOOK_URL = smsGateway.url;
}

const users = JSON.parse(process.env.E2E_USERS ?? '[]');
for (const user of users) {
  const args = [
    'tsx',
    '../server/scripts/create-user.ts',
    '--email',
    user.email,
    '--password',
    user.password,
  ];
  args.push('--role', user.role);
  if (user.firstName) args.push('--first-name', user.firstName);
  if (user.lastName) args.push('--last-name', user.lastName);
  if (user.accountName) args.push('--account-name', user.accountName);
  const result = spawnSync('npx', args, { cwd: webDir, env, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`e2e: creating ${user.email} failed (exit ${result.status ?? result.signal}).`);
    cleanUp();
    process.exit(1);
  }
}

// The demo business of `npm run demo` (owner@demo.crewdesk.test and its team, a month of work
// around today), for the walk on the demo data (demo-data.spec.ts): 6 to 14 s on two cores;
// E2E_DEMO=0 leaves it out (that walk then fails: run it with the demo).
if (process.env.E2E_DEMO !== '0') {
  const started = Date.now();
  const result = spawnSync('npx', ['tsx', '../server/scripts/demo.ts'], {
    cwd: webDir,
    env,
    // Its long how-to-sign-in text is for a person: only failures are worth the log.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) {
    console.error(
      `e2e: seeding the demo business failed (exit ${result.status ?? result.signal}).`,
    );
    cleanUp();
    process.exit(1);
  }
  console.log(`e2e: demo business seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

// `npx tsx ../server/src/main.ts`, minus the npm and shell layers in between, so
// a SIGTERM reaches the server itself and it can checkpoint its database.
const server = spawn(process.execPath, ['--import', 'tsx', '../server/src/main.ts'], {
  cwd: webDir,
  env,
  stdio: 'inherit',
});

let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  server.kill(signal);
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGHUP', () => stop('SIGTERM'));

server.on('exit', (code, signal) => {
  cleanUp();
  process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0)));
});
