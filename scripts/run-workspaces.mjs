#!/usr/bin/env node
// `npm test` and `npm run typecheck` (the script name is the argument, `test` by default): the
// domain's first (quick, and everything stands on it), then the server's and the web app's side
// by side. Each keeps about one core busy on its own, so on a machine of two or more cores
// running them together takes the time of the longer one, not the sum. Each one's output is
// printed whole when it ends, so the two do not interleave. `--server-args=ARGS` passes ARGS
// (space-separated) to the server's runner only, e.g. `--server-args=--shard=1/2`.
import { spawn, spawnSync } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const SERVER_ARGS = '--server-args=';
const script = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 'test';
const serverArgs = (
  process.argv
    .slice(2)
    .find((arg) => arg.startsWith(SERVER_ARGS))
    ?.slice(SERVER_ARGS.length) ?? ''
)
  .split(' ')
  .filter(Boolean);

function argsFor(workspace) {
  const extra = workspace === '@crewdesk/server' ? serverArgs : [];
  return ['run', script, '-w', workspace, ...(extra.length > 0 ? ['--', ...extra] : [])];
}

function runNow(workspace) {
  const result = spawnSync(npm, argsFor(workspace), { stdio: 'inherit' });
  return result.status ?? 1;
}

function runBuffered(workspace) {
  return new Promise((resolve) => {
    const child = spawn(npm, argsFor(workspace), {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code, signal) => {
      process.stdout.write(`\n==> ${workspace}\n`);
      process.stdout.write(Buffer.concat(chunks));
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

if (runNow('@crewdesk/domain') !== 0) process.exit(1);
const codes = await Promise.all(['@crewdesk/server', '@crewdesk/web'].map(runBuffered));
const failed = codes.some((code) => code !== 0);
if (failed) console.error(`\n${script} failed: see the workspace above whose output says so.`);
process.exit(failed ? 1 : 0);
