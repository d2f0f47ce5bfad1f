import cluster, { type Worker } from 'node:cluster';
import { pino } from 'pino';
import { prepareJobQueue } from './background/queue.ts';
import { ConfigError, loadConfig, loadDotEnv, type Config } from './config.ts';
import { startBackupEndpoint } from './db/backup-endpoint.ts';
import { openDatabase, type Database } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';

/**
 * start: config → db → migrate → app → listen; a clean shutdown on SIGTERM/SIGINT.
 * With WEB_CONCURRENCY above 1 (PostgreSQL only) this process is the cluster's primary: it
 * migrates once, then forks that many workers, which each build the app and listen on the
 * same port (node's cluster hands them the connections in turn).
 */
async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  if (cluster.isWorker) return serve(config, { migrate: false });
  if (config.webConcurrency > 1) return runPrimary(config);
  return serve(config, { migrate: true });
}

/** One server process: the only one, or a cluster worker (the primary has migrated). */
async function serve(config: Config, options: { migrate: boolean }): Promise<void> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // Loaded here, not at the top: a cluster's primary never builds the app.
  const { buildApp } = await import('./app.ts');
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let stopBackupEndpoint: (() => Promise<void>) | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app?.log.info({ signal }, 'shutting down');
    try {
      await stopBackupEndpoint?.();
      await app?.close();
    } finally {
      // Checkpoints and closes PGlite (or ends the pool) after the last request has finished.
      await database.close();
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  try {
    if (options.migrate) await database.migrate();
    app = await buildApp({ config, database });
    await app.listen({ port: config.port, host: config.host });
    stopBackupEndpoint = await offerBackups(config, database, app.log);
    app.log.info(
      `Crewdesk is running on ${config.publicUrl} (database: ${database.kind === 'pglite' ? `embedded in ${config.dataDir}` : 'PostgreSQL'}${cluster.isWorker ? `; server process ${cluster.worker?.id}` : ''})`,
    );
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** On the embedded database, lets `npm run backup` take a snapshot from this process. */
async function offerBackups(
  config: Config,
  database: Database,
  log: { error(object: object, message: string): void },
): Promise<(() => Promise<void>) | undefined> {
  const dump = database.dumpDataDir?.bind(database);
  if (!dump) return undefined;
  return startBackupEndpoint(config.dataDir, dump, (error) =>
    log.error({ err: error }, 'backup: the snapshot failed'),
  );
}

/**
 * The cluster's primary: runs the migrations and creates the job queues once (workers doing
 * both at the same start would race on them), forks config.webConcurrency workers, replaces one that dies, and on
 * SIGTERM/SIGINT stops them all (each finishes its requests) and exits.
 */
async function runPrimary(config: Config): Promise<void> {
  const log = pino(
    config.nodeEnv === 'development'
      ? { level: config.logLevel, transport: { target: 'pino-pretty' } }
      : { level: config.logLevel },
  );
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    await prepareJobQueue(database, {
      retryLimit: config.mailRetryLimit,
      retryDelaySeconds: config.mailRetryDelaySeconds,
    });
  } finally {
    await database.close();
  }

  const alive = new Set<Worker>();
  const ready = new Set<Worker>();
  let stopping = false;
  let exitCode = 0;

  const fork = () => {
    const worker = cluster.fork();
    alive.add(worker);
    worker.once('listening', () => {
      ready.add(worker);
      if (ready.size === config.webConcurrency) {
        log.info(
          `Crewdesk is running on ${config.publicUrl} with ${config.webConcurrency} server processes`,
        );
      }
    });
  };

  const stop = (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    log.info({ reason }, 'stopping the server processes');
    if (alive.size === 0) process.exit(exitCode);
    for (const worker of alive) worker.process.kill('SIGTERM');
  };

  cluster.on('exit', (worker, code, signal) => {
    alive.delete(worker);
    const wasReady = ready.delete(worker);
    if (stopping) {
      if (code !== 0 && code !== null) exitCode = 1;
      if (alive.size === 0) process.exit(exitCode);
      return;
    }
    if (!wasReady) {
      // Failing before it listened (a port in use, the database unreachable): a new one would
      // most likely fail the same way, so stop rather than fork in a loop.
      log.error(
        { pid: worker.process.pid, code, signal },
        'a server process stopped before it was ready; stopping',
      );
      stop('a server process could not start', 1);
      return;
    }
    log.warn(
      { pid: worker.process.pid, code, signal },
      'a server process died; starting a new one',
    );
    fork();
  });

  process.once('SIGTERM', () => stop('SIGTERM', 0));
  process.once('SIGINT', () => stop('SIGINT', 0));

  log.info(`starting ${config.webConcurrency} server processes`);
  for (let i = 0; i < config.webConcurrency; i++) fork();
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Crewdesk failed to start:', error);
  }
  process.exit(1);
});
