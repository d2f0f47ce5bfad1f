import { mkdtemp, readFile, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATA_IMPORT_MESSAGES } from '@crewdesk/domain';
import { Validator } from '@seriousme/openapi-schema-validator';
import { and, count, eq } from 'drizzle-orm';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  memberActingFor,
  type SignedInUser,
  type TestApp,
} from '../../../test/build-app.ts';
import { addContact } from '../../../test/customers.ts';
import { seedEveryExportedTable } from '../../../test/data-export.ts';
import { createJobAs } from '../../../test/jobs.ts';
import { payAs, sentInvoiceAs } from '../../../test/invoices.ts';
import { PNG } from '../../../test/images.ts';
import { ownerWithBusinessProfile } from '../../../test/requests.ts';
import {
  businessAccounts,
  customers,
  dataExports,
  inspectionPhotos,
  inspections,
  jobPhotos,
  jobs,
  notifications,
} from '../../db/schema/index.ts';
import { sha256Of, unzipArchive } from './archive.ts';
import { buildArchiveEntries, sweepExpiredExports } from './export.service.ts';
import { REPLACED_TABLES } from './import.service.ts';
import { accountTablesOfSchema, EXCLUDED_TABLES, EXPORTED_TABLES, tableName } from './tables.ts';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

describe('which tables an export holds', () => {
  it('when the schema has a table with account_id, then it is exported or excluded with a reason', () => {
    const listed = [...EXPORTED_TABLES.map(tableName), ...Object.keys(EXCLUDED_TABLES)].sort();
    expect(listed).toEqual(accountTablesOfSchema());
    expect(new Set(listed).size).toBe(listed.length);
  });
});

describe('export everything and import it back', () => {
  let t: TestApp;
  let dataDir: string;
  let owner: SignedInUser;
  let manager: SignedInUser;
  let stranger: SignedInUser;
  let archive: Buffer;

  const waitUntilReady = async (user: SignedInUser, id: string) => {
    for (let i = 0; i < 100; i += 1) {
      const list = await asUser(t.app, user, { method: 'GET', url: '/api/data-export' });
      const found = (list.json().items as { id: string; status: string }[]).find(
        (e) => e.id === id,
      );
      if (found?.status === 'ready' || found?.status === 'failed') return found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the export did not finish');
  };
  const importAs = (user: SignedInUser, body: Buffer | Uint8Array, dryRun: boolean) =>
    asUser(t.app, user, {
      method: 'POST',
      url: `/api/data-import?dryRun=${dryRun}`,
      headers: { 'content-type': 'application/zip' },
      payload: Buffer.from(body),
    });
  const rowsOf = async (accountId: string) => {
    const [c] = await t.app.db
      .select({ n: count() })
      .from(customers)
      .where(eq(customers.accountId, accountId));
    const [j] = await t.app.db
      .select({ n: count() })
      .from(jobs)
      .where(eq(jobs.accountId, accountId));
    return { customers: c?.n, jobs: j?.n };
  };
  /** The archive with one entry changed, and (optionally) its manifest made to match. */
  const rezip = (bytes: Buffer, change: (entries: Record<string, Uint8Array>) => void) => {
    const entries = unzipSync(new Uint8Array(bytes));
    change(entries);
    return Buffer.from(zipSync(entries));
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'crewdesk-export-'));
    t = await createTestApp({ dataDir });
    owner = await ownerWithBusinessProfile(t.app);
    manager = await memberActingFor(t.app, owner, 'business_manager');
    stranger = await ownerWithBusinessProfile(t.app);
    const contact = await addContact(t.app, owner, { firstName: '=HYPERLINK("x")' });
    const job = await createJobAs(t.app, owner, { customerId: contact.id });
    const invoice = await sentInvoiceAs(t.app, owner, { customerId: contact.id });
    expect((await payAs(t.app, owner, invoice.id, { amountCents: 100 })).statusCode).toBe(201);
    await seedEveryExportedTable(t.app.db, {
      accountId: owner.accountId,
      userId: owner.userId,
      customerId: contact.id,
      jobId: job.id,
      invoiceId: invoice.id,
    });
    // A visit photo and the business logo, on disk as the upload routes keep them.
    const photoId = crypto.randomUUID();
    const photoName = `${photoId}-${crypto.randomUUID()}.png`;
    await mkdir(join(dataDir, 'uploads', 'job-photos'), { recursive: true });
    await writeFile(join(dataDir, 'uploads', 'job-photos', photoName), PNG);
    await t.app.db.insert(jobPhotos).values({
      id: photoId,
      accountId: owner.accountId,
      jobId: job.id,
      fileName: photoName,
      contentType: 'image/png',
      width: 1,
      height: 1,
      uploadedBy: owner.userId,
    } as typeof jobPhotos.$inferInsert);
    const inspectionPhotoId = crypto.randomUUID();
    const inspectionPhotoName = `${inspectionPhotoId}-${crypto.randomUUID()}.png`;
    await mkdir(join(dataDir, 'uploads', 'inspection-photos'), { recursive: true });
    await writeFile(join(dataDir, 'uploads', 'inspection-photos', inspectionPhotoName), PNG);
    const [inspection] = await t.app.db
      .select({ id: inspections.id })
      .from(inspections)
      .where(eq(inspections.accountId, owner.accountId));
    await t.app.db.insert(inspectionPhotos).values({
      id: inspectionPhotoId,
      accountId: owner.accountId,
      inspectionId: inspection!.id,
      itemKey: 'i1',
      fileName: inspectionPhotoName,
      contentType: 'image/png',
      width: 1,
      height: 1,
      uploadedBy: owner.userId,
    });
    const logoName = `${owner.accountId}-${crypto.randomUUID()}.png`;
    await mkdir(join(dataDir, 'uploads', 'logos'), { recursive: true });
    await writeFile(join(dataDir, 'uploads', 'logos', logoName), PNG);
    await t.app.db
      .update(businessAccounts)
      .set({ logo: `/api/logos/${logoName}` })
      .where(eq(businessAccounts.id, owner.accountId));
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('when an admin exports, then a background job makes a zip with manifest, tables, CSV and files', async () => {
    const res = await asUser(t.app, owner, { method: 'POST', url: '/api/data-export' });
    expect(res.statusCode, res.body).toBe(202);
    const done = await waitUntilReady(owner, res.json().id);
    expect(done.status).toBe('ready');
    // The admin is told in the app once the archive can be downloaded.
    await t.app.events.idle();
    const [told] = await t.app.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.accountId, owner.accountId), eq(notifications.subjectId, done.id)),
      );
    expect(told).toMatchObject({ userId: owner.userId, kind: 'export_ready' });
    const download = await asUser(t.app, owner, {
      method: 'GET',
      url: `/api/data-export/${done.id}/download`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    archive = download.rawPayload;
    const entries = unzipSync(new Uint8Array(archive));
    const manifest = JSON.parse(strFromU8(entries['manifest.json']!));
    expect(manifest.format).toBe('crewdesk-export');
    // The newest migration of the folder: an archive names the schema it was made with.
    const migrations = (await readdir(new URL('../../db/migrations', import.meta.url)))
      .filter((file) => file.endsWith('.sql'))
      .sort();
    expect(manifest.schemaVersion).toBe(migrations.at(-1)!.replace(/\.sql$/, ''));
    expect(manifest.tables.customers.rows).toBe(1);
    expect(manifest.tables.customers.sha256).toBe(sha256Of(entries['tables/customers.json']!));
    expect(Object.keys(manifest.files)).toHaveLength(3);
    expect(strFromU8(entries['csv/contacts.csv']!)).toContain(`'=HYPERLINK`);
    const members = JSON.parse(strFromU8(entries['tables/account_members.json']!));
    expect(Object.keys(members[0]).sort()).toEqual(
      ['created_at', 'deactivated_at', 'email', 'name', 'role', 'user_id'].sort(),
    );
    const empty = EXPORTED_TABLES.map(tableName).filter((n) => manifest.tables[n].rows === 0);
    expect(empty, 'every exported table has a row to carry through the round trip').toEqual([]);
  });

  it('when a manager or team member asks, then export and import answer 403', async () => {
    const member = await memberActingFor(t.app, owner, 'team_member');
    for (const user of [manager, member]) {
      expect(
        (await asUser(t.app, user, { method: 'GET', url: '/api/data-export' })).statusCode,
      ).toBe(403);
      expect((await importAs(user, archive, false)).statusCode).toBe(403);
    }
    expect(
      (await asUser(t.app, manager, { method: 'POST', url: '/api/data-export' })).statusCode,
    ).toBe(403);
    expect((await importAs(manager, archive, true)).statusCode).toBe(403);
  });

  it("when another business's export is asked for, then it answers 404", async () => {
    const list = await asUser(t.app, owner, { method: 'GET', url: '/api/data-export' });
    const id = list.json().items[0].id;
    for (const method of ['GET', 'DELETE'] as const) {
      const url = method === 'GET' ? `/api/data-export/${id}/download` : `/api/data-export/${id}`;
      expect((await asUser(t.app, stranger, { method, url })).statusCode).toBe(404);
    }
  });

  it('when the archive is imported into an empty business, then exporting that gives the same content', async () => {
    const fresh = await ownerWithBusinessProfile(t.app);
    const check = await importAs(fresh, archive, true);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().problems).toEqual([]);
    expect(check.json().tables.customers).toBe(1);
    expect(await rowsOf(fresh.accountId)).toEqual({ customers: 0, jobs: 0 });
    const source = { db: t.app.db, dataDir, accountId: fresh.accountId };
    const before = await buildArchiveEntries({ ...source, now: new Date() });
    const res = await importAs(fresh, archive, false);
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowsOf(fresh.accountId)).toEqual({ customers: 1, jobs: 1 });
    const again = await buildArchiveEntries({ ...source, now: new Date() });
    const first = unzipSync(new Uint8Array(archive));
    // What the new business had of its own (its owner's employee record) stays beside the import;
    // its defaults (settings) gave way to the archive's.
    for (const table of EXPORTED_TABLES.map(tableName)) {
      const entry = `tables/${table}.json`;
      const kept = REPLACED_TABLES.has(table) ? [] : normalised(table, before[entry]!);
      expect(normalised(table, again[entry]!), table).toEqual(
        [...kept, ...normalised(table, first[entry]!)].sort(),
      );
    }
    // The stage move still points at its ledger event, numbered again.
    const tableRows = (entry: string) =>
      JSON.parse(strFromU8(again[entry]!)) as { seq: number; cause_seq: number }[];
    const seqs = tableRows('tables/domain_events.json').map((e) => e.seq);
    expect(seqs).toContain(tableRows('tables/sales_stage_moves.json')[0]?.cause_seq);
    const photos = await readdir(join(dataDir, 'uploads', 'job-photos'));
    expect(photos).toHaveLength(2);
    const [logo] = await t.app.db
      .select({ logo: businessAccounts.logo })
      .from(businessAccounts)
      .where(eq(businessAccounts.id, fresh.accountId));
    expect(logo?.logo).toMatch(new RegExp(`^/api/logos/${fresh.accountId}-`));
  });

  it('when the API reference is read, then it documents the data routes and stays valid', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect((await new Validator().validate(doc)).valid).toBe(true);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/data-export',
        '/api/data-export/{id}/download',
        '/api/data-import',
      ]),
    );
  });

  it('when the body is JSON, then the import answers 415 and asks for the zip', async () => {
    const res = await asUser(t.app, owner, {
      method: 'POST',
      url: '/api/data-import?dryRun=true',
      payload: { archive: 'no' },
    });
    expect(res.statusCode).toBe(415);
  });

  it('when an export has expired, then its download answers 410 and the sweep deletes it', async () => {
    const res = await asUser(t.app, owner, { method: 'POST', url: '/api/data-export' });
    const done = await waitUntilReady(owner, res.json().id);
    const [row] = await t.app.db.select().from(dataExports).where(eq(dataExports.id, done.id));
    await t.app.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, done.id));
    const url = `/api/data-export/${done.id}/download`;
    expect((await asUser(t.app, owner, { method: 'GET', url })).statusCode).toBe(410);
    expect(await sweepExpiredExports(t.app.db, dataDir, new Date())).toBeGreaterThanOrEqual(1);
    await expect(readFile(join(dataDir, row!.filePath!))).rejects.toThrow();
    expect((await asUser(t.app, owner, { method: 'GET', url })).statusCode).toBe(404);
  });

  it('when an admin deletes an export, then its file and row go', async () => {
    const res = await asUser(t.app, owner, { method: 'POST', url: '/api/data-export' });
    const done = await waitUntilReady(owner, res.json().id);
    const url = `/api/data-export/${done.id}`;
    expect((await asUser(t.app, owner, { method: 'DELETE', url })).statusCode).toBe(204);
    expect((await asUser(t.app, owner, { method: 'GET', url: `${url}/download` })).statusCode).toBe(
      404,
    );
    await expect(readFile(join(dataDir, 'exports', `${done.id}.zip`))).rejects.toThrow();
  });

  it('when the business is not empty, then the import is refused with 409', async () => {
    const before = await rowsOf(owner.accountId);
    const res = await importAs(owner, archive, false);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(DATA_IMPORT_MESSAGES.notEmpty);
    expect(await rowsOf(owner.accountId)).toEqual(before);
  });

  describe('bad archives are refused and nothing is written', () => {
    let target: SignedInUser;
    beforeAll(async () => {
      target = await ownerWithBusinessProfile(t.app);
    });
    const expectNothingWritten = async () =>
      expect(await rowsOf(target.accountId)).toEqual({ customers: 0, jobs: 0 });

    it('when a table was changed, then the check lists it and the import answers 400', async () => {
      const tampered = rezip(archive, (e) => {
        e['tables/customers.json'] = strToU8(
          strFromU8(e['tables/customers.json']!).replace('HYPERLINK', 'hyperlink'),
        );
      });
      const check = await importAs(target, tampered, true);
      expect(check.json().problems).toEqual([
        'Table "customers" does not match its checksum: the archive was changed.',
      ]);
      const res = await importAs(target, tampered, false);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('does not match its checksum');
      await expectNothingWritten();
    });

    it('when a newer Crewdesk made the archive, then it answers 400', async () => {
      const newer = rezip(archive, (e) => {
        const manifest = JSON.parse(strFromU8(e['manifest.json']!));
        e['manifest.json'] = strToU8(JSON.stringify({ ...manifest, schemaVersion: '9999_future' }));
      });
      const res = await importAs(target, newer, false);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/made by a newer Crewdesk/);
      await expectNothingWritten();
    });

    it('when the upload is cut short or not a zip, then it answers 400', async () => {
      for (const body of [archive.subarray(0, archive.length - 200), Buffer.from('hello')]) {
        const res = await importAs(target, body, false);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(DATA_IMPORT_MESSAGES.notAnArchive);
      }
      await expectNothingWritten();
    });

    it('when a row fails on writing, then everything rolls back, files too', async () => {
      const filesBefore = await readdir(join(dataDir, 'uploads', 'job-photos'));
      const broken = rezip(archive, (e) => {
        const rows = JSON.parse(strFromU8(e['tables/jobs.json']!));
        rows[0].customer_id = crypto.randomUUID(); // no such contact: a foreign-key failure
        e['tables/jobs.json'] = strToU8(JSON.stringify(rows));
        const manifest = JSON.parse(strFromU8(e['manifest.json']!));
        manifest.tables.jobs.sha256 = sha256Of(e['tables/jobs.json']);
        e['manifest.json'] = strToU8(JSON.stringify(manifest));
      });
      const res = await importAs(target, broken, false);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      await expectNothingWritten();
      expect(await readdir(join(dataDir, 'uploads', 'job-photos'))).toEqual(filesBefore);
    });
  });
});

/**
 * A table's rows with what an import changes on purpose masked (decision 037): ids,
 * sequence numbers, file names, and an employee's sign-in (kept only for a member here).
 */
function normalised(table: string, bytes: Uint8Array): string[] {
  const rows = JSON.parse(strFromU8(bytes)) as Record<string, unknown>[];
  return rows
    .map((row) => {
      const { seq: _seq, cause_seq: _c, ...rest } = row;
      if (table === 'employees') delete rest.user_id;
      return JSON.stringify(rest).replace(UUID, '<id>');
    })
    .sort();
}

describe('unzipping an archive', () => {
  it('when a zip unpacks to more than the limit, then it is refused before it is inflated', () => {
    const bomb = zipSync({ 'tables/customers.json': new Uint8Array(4096) });
    expect(() => unzipArchive(bomb, 4095)).toThrow(/unpacks to more than 1 GB/);
    expect(unzipArchive(bomb, 4096)).not.toBeNull();
  });
});
