import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadDotEnv, loadStorageConfig } from './config.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'crewdesk-config-'));

describe('loadConfig', () => {
  it('when nothing is set, then it uses the embedded database on port 3000', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      dataDir: dir,
      publicUrl: 'http://localhost:3000',
    });
  });

  it('when no AUTH_SECRET is set, then a generated secret is kept in the data dir and reused', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).authSecret;
    expect(first).toHaveLength(64);
    expect(readFileSync(join(dir, '.auth-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first);
  });

  it("when VAULT_KEY is set, then the vault's key is it; unset, the auth secret", () => {
    const secret = 'a'.repeat(40);
    const key = 'v'.repeat(40);
    expect(loadConfig({ DATA_DIR: dataDir(), AUTH_SECRET: secret }).vaultKey).toBe(secret);
    expect(loadConfig({ DATA_DIR: dataDir(), AUTH_SECRET: secret, VAULT_KEY: key }).vaultKey).toBe(
      key,
    );
  });

  it('when DATABASE_URL is blank, then the embedded database is used', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('when no location settings are set, then the offline place search is used; set ones are read', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), LOCATION_ACCESS_TOKEN: '' })).toMatchObject({
      locationAccessToken: undefined,
      locationApiUrl: 'https://api.mapbox.com/search/searchbox/v1',
      nominatimUrl: undefined,
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        LOCATION_ACCESS_TOKEN: 'pk.abc',
        LOCATION_API_URL: 'https://places.example.com/v1/',
        NOMINATIM_URL: 'https://osm.example.com/',
      }),
    ).toMatchObject({
      locationAccessToken: 'pk.abc',
      locationApiUrl: 'https://places.example.com/v1',
      nominatimUrl: 'https://osm.example.com',
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), NOMINATIM_URL: 'not a url' })).toThrow(
      /NOMINATIM_URL/,
    );
  });

  it.each([
    [undefined, 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'],
    ['https://tiles.example.com/{z}/{x}/{y}.png', 'https://tiles.example.com/{z}/{x}/{y}.png'],
    ['off', null],
    ['', null],
  ])('when MAP_TILE_URL is %j, then the map tiles come from %j', (value, expected) => {
    expect(loadConfig({ DATA_DIR: dataDir(), MAP_TILE_URL: value }).mapTileUrl).toBe(expected);
  });

  it('when PUBLIC_URL has a trailing slash, then it is removed', () => {
    expect(
      loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://crew.example.com/' }).publicUrl,
    ).toBe('https://crew.example.com');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ VAULT_KEY: 'short' }, 'VAULT_KEY'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ WEB_CONCURRENCY: '0', DATABASE_URL: 'postgres://db/crewdesk' }, 'WEB_CONCURRENCY'],
    [{ WEB_CONCURRENCY: '65', DATABASE_URL: 'postgres://db/crewdesk' }, 'WEB_CONCURRENCY'],
    [{ WEB_CONCURRENCY: '1.5', DATABASE_URL: 'postgres://db/crewdesk' }, 'WEB_CONCURRENCY'],
    [{ WEB_CONCURRENCY: 'many', DATABASE_URL: 'postgres://db/crewdesk' }, 'WEB_CONCURRENCY'],
  ])('when %o is set, then start stops with a message naming %s', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(
      new RegExp(`^Invalid configuration:\\n  ${name}:`),
    );
  });

  it('when WEB_CONCURRENCY is unset, then PostgreSQL runs a process per core and the embedded database one', () => {
    const postgres = { DATA_DIR: dataDir(), DATABASE_URL: 'postgres://db/crewdesk' };
    expect(loadConfig(postgres).webConcurrency).toBe(Math.min(availableParallelism(), 64));
    expect(loadConfig({ ...postgres, WEB_CONCURRENCY: ' ' }).webConcurrency).toBe(
      Math.min(availableParallelism(), 64),
    );
    expect(loadConfig({ ...postgres, WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3);
    expect(loadConfig({ DATA_DIR: dataDir() }).webConcurrency).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir(), WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
  });

  it('when WEB_CONCURRENCY is above 1 on the embedded database, then start stops saying PostgreSQL is needed', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), WEB_CONCURRENCY: '2' })).toThrow(
      /^Invalid configuration:\n {2}WEB_CONCURRENCY: 2 server processes need PostgreSQL \(set DATABASE_URL\)/,
    );
  });
});

describe('loadDotEnv', () => {
  it('when .env files exist, then their values fill what is unset and never override what is set', () => {
    const first = mkdtempSync(join(tmpdir(), 'crewdesk-env-'));
    const second = mkdtempSync(join(tmpdir(), 'crewdesk-env-'));
    writeFileSync(join(first, '.env'), 'PORT=4100\nLOG_LEVEL=debug\n# a comment\n');
    writeFileSync(join(second, '.env'), 'PORT=4200\nMETRICS_TOKEN="from-the-project-folder"\n');
    const env: NodeJS.ProcessEnv = { LOG_LEVEL: 'warn' };

    const read = loadDotEnv(env, [first, second, join(first, 'missing')]);

    expect(read).toEqual([join(first, '.env'), join(second, '.env')]);
    expect(env).toEqual({
      LOG_LEVEL: 'warn',
      PORT: '4100',
      METRICS_TOKEN: 'from-the-project-folder',
    });
  });

  it('when no .env exists, then env is left as it was', () => {
    const env: NodeJS.ProcessEnv = { PORT: '1' };
    expect(loadDotEnv(env, [mkdtempSync(join(tmpdir(), 'crewdesk-env-'))])).toEqual([]);
    expect(env).toEqual({ PORT: '1' });
  });
});

describe('loadStorageConfig', () => {
  it('when read, then it writes nothing into the data folder and reads the backup settings', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'crewdesk-env-')), 'data');
    const storage = loadStorageConfig({ DATA_DIR: dir, BACKUP_DIR: '/srv/backups' });
    expect(storage).toEqual({
      dataDir: dir,
      databaseUrl: undefined,
      backupDir: '/srv/backups',
      backupKeep: 7,
    });
    expect(existsSync(dir)).toBe(false);
  });
});
