// Preloaded into a server process by the API benchmark (`node --import …/sql-capture.mjs`) in
// its capture phase only, never while it measures: every statement the process sends through
// pg, with its parameters, is written as one JSON line to BENCH_SQL_CAPTURE_FILE. pg is
// resolved from the server's working directory, so the patched module is the one the server
// itself loads.
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const file = process.env.BENCH_SQL_CAPTURE_FILE;
if (file) {
  const pg = createRequire(join(process.cwd(), 'package.json'))('pg');
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, values, callback) {
    const text = typeof config === 'string' ? config : config?.text;
    const params = Array.isArray(values) ? values : config?.values;
    if (typeof text === 'string') {
      appendFileSync(file, `${JSON.stringify({ at: Date.now(), text, values: params ?? [] })}\n`);
    }
    return query.call(this, config, values, callback);
  };
}
