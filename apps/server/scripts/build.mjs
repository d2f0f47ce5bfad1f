#!/usr/bin/env node
// `npm run build -w @crewdesk/server`: compiles the server to dist/ with esbuild, so that
// `npm start` runs plain node with no TypeScript loader. The server's own code and
// @crewdesk/domain (TypeScript source) are bundled into dist/main.js; every other package stays
// external and is loaded from node_modules as usual. The SQL migrations are copied beside it
// (db/client.ts reads them from `migrations` next to the running file).
// Usage: node scripts/build.mjs [outdir]   (outdir defaults to dist; it is emptied first)
import { cpSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Bare imports stay external except the workspace's own TypeScript packages (@crewdesk/*). */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@crewdesk/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** Builds the server into outdir (absolute, or relative to apps/server); returns the entry. */
export async function buildServer(outdir = 'dist') {
  const out = resolve(serverDir, outdir);
  rmSync(out, { recursive: true, force: true });
  await build({
    absWorkingDir: serverDir,
    entryPoints: ['src/main.ts'],
    outfile: join(out, 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: true,
    tsconfig: 'tsconfig.json',
    plugins: [externalPackages],
    logLevel: 'warning',
  });
  cpSync(join(serverDir, 'src/db/migrations'), join(out, 'migrations'), { recursive: true });
  return join(out, 'main.js');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  const entry = await buildServer(process.argv[2]);
  console.log(`server: built ${entry} in ${Date.now() - started} ms`);
}
