#!/usr/bin/env node
// Writes file.br and file.gz beside each text file of dist over 1 KB, once, at build time, so
// the server sends them as they are (@fastify/static's preCompressed) instead of compressing
// every answer again. A variant that does not come out smaller is not written.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const MIN_BYTES = 1024;
const TEXT_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
]);

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // .vite holds the build manifest, read by the budget check, not served.
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

let count = 0;
let raw = 0;
let brotli = 0;
let gzip = 0;
for (const path of files(dist)) {
  if (!TEXT_EXTENSIONS.has(extname(path)) || statSync(path).size < MIN_BYTES) continue;
  const bytes = readFileSync(path);
  // The best brotli costs a few seconds per build and nothing per request.
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gz = gzipSync(bytes, { level: 9 });
  if (br.length < bytes.length) writeFileSync(`${path}.br`, br);
  if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz);
  count += 1;
  raw += bytes.length;
  brotli += Math.min(br.length, bytes.length);
  gzip += Math.min(gz.length, bytes.length);
  if (process.env.PRECOMPRESS_VERBOSE) console.log(`  ${relative(dist, path)}`);
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `Pre-compressed ${count} files of dist: ${kb(raw)} raw, ${kb(gzip)} gzip, ${kb(brotli)} brotli.`,
);
