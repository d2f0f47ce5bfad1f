import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customers,
  inspections,
  invoices,
  jobs,
  requests,
  salesOpportunities,
} from '../../db/schema/index.ts';
import {
  asUser,
  createTestApp,
  signedInUser,
  type SignedInUser,
  type TestApp,
} from '../../../test/build-app.ts';
import { addContact, contactBody, ownEmployeeId } from '../../../test/customers.ts';
import { startInspectionAs } from '../../../test/inspections.ts';
import { createInvoiceAs } from '../../../test/invoices.ts';
import { createJobAs } from '../../../test/jobs.ts';
import { createRequestAs } from '../../../test/requests.ts';
import { SEARCH_RECENT_WINDOW } from './customers.service.ts';

const ERROR_KEYS = ['code', 'message'];

async function storedRow(t: TestApp, id: string) {
  const [row] = await t.app.db.select().from(customers).where(eq(customers.id, id));
  return row;
}

describe('contacts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('POST /api/customers', () => {
    it('when every field is filled, then the contact is stored with creator and business and answered in camelCase', async () => {
      const owner = await signedInUser(t.app);
      const employeeId = await ownEmployeeId(t.app, owner);
      const body = {
        firstName: 'Maria',
        lastName: 'Gonzalez',
        email: 'maria@example.test',
        phone: '(512) 555-0143',
        company: 'Blue Ridge Dental',
        customerType: 'residential',
        source: 'referral',
        address: '2400 E Cesar Chavez St',
        city: 'Austin',
        state: 'TX',
        zip: '78702',
        latitude: 30.2553,
        longitude: -97.7164,
        whatsapp: '+15125550143',
        facebook: 'maria.gonzalez',
        instagram: '@mariag',
        assignedTo: employeeId,
        notes: 'Gate code 1234',
      };
      const res = await asUser(t.app, owner, {
        method: 'POST',
        url: '/api/customers',
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json();
      expect(created).toMatchObject({
        ...body,
        createdBy: owner.userId,
        archivedAt: null,
      });
      const row = await storedRow(t, created.id);
      expect(row).toMatchObject({
        accountId: owner.accountId,
        userId: owner.userId,
        firstName: 'Maria',
        assignedTo: employeeId,
        latitude: 30.2553,
        customerType: 'residential',
        source: 'referral',
      });
    });

    it('when only the required fields are given, then type and source default and the rest is null', async () => {
      const owner = await signedInUser(t.app);
      const res = await asUser(t.app, owner, {
        method: 'POST',
        url: '/api/customers',
        payload: contactBody({ company: '  ', city: '', assignedTo: 'unassigned' }),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        customerType: 'commercial',
        source: 'website',
        company: null,
        city: null,
        assignedTo: null,
        latitude: null,
        notes: null,
      });
    });

    it('when a team member creates one from a picker, then it is allowed (their dialogs pick clients)', async () => {
      const member = await signedInUser(t.app, { role: 'team_member' });
      const res = await asUser(t.app, member, {
        method: 'POST',
        url: '/api/customers',
        payload: contactBody(),
      });
      expect(res.statusCode).toBe(201);
    });

    it.each([
      ['firstName', 'A', 'First name must be at least 2 characters.'],
      ['lastName', '', 'Last name must be at least 2 characters.'],
      ['email', 'not-an-email', 'Please enter a valid email address.'],
      ['phone', '555', 'Please enter a valid phone number.'],
    ])(
      'when %s is %j, then it answers 400 with %j and stores nothing',
      async (field, value, message) => {
        const owner = await signedInUser(t.app);
        const res = await asUser(t.app, owner, {
          method: 'POST',
          url: '/api/customers',
          payload: contactBody({ [field]: value }),
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().issues).toEqual([{ path: field, message }]);
        expect(res.json().message).toBe(`${field}: ${message}`);
        const rows = await t.app.db
          .select()
          .from(customers)
          .where(eq(customers.accountId, owner.accountId));
        expect(rows).toEqual([]);
      },
    );

    it("when assignedTo is another business's employee or no employee at all, then it answers 400", async () => {
      const owner = await signedInUser(t.app);
      const stranger = await signedInUser(t.app);
      for (const assignedTo of [await ownEmployeeId(t.app, stranger), crypto.randomUUID(), 'bob']) {
        const res = await asUser(t.app, owner, {
          method: 'POST',
          url: '/api/customers',
          payload: contactBody({ assignedTo }),
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('Choose a team member of this business.');
      }
    });
  });

  describe('field limits (issue 16: a hostile tester stored 100 KB names and latitude 91)', () => {
    const HUNDRED_KB = 'x'.repeat(100 * 1024);

    async function contactsOf(user: SignedInUser) {
      return t.app.db.select().from(customers).where(eq(customers.accountId, user.accountId));
    }

    it.each([
      [
        'a 100 KB first name',
        { firstName: HUNDRED_KB },
        'firstName: First name must be 100 characters or fewer.',
      ],
      [
        'a 100 KB company',
        { company: HUNDRED_KB },
        'company: Company must be 200 characters or fewer.',
      ],
      [
        'a 100 KB address',
        { address: HUNDRED_KB },
        'address: Address must be 200 characters or fewer.',
      ],
      [
        'a 100 KB Instagram handle',
        { instagram: HUNDRED_KB },
        'instagram: Instagram must be 200 characters or fewer.',
      ],
      ['latitude 91', { latitude: 91 }, 'latitude: Latitude must be between -90 and 90.'],
      [
        'longitude 1e308',
        { longitude: 1e308 },
        'longitude: Longitude must be between -180 and 180.',
      ],
    ])(
      'when a contact is created with %s, then it answers 400 with %j and stores nothing',
      async (_what, overrides, message) => {
        const owner = await signedInUser(t.app);
        const res = await asUser(t.app, owner, {
          method: 'POST',
          url: '/api/customers',
          payload: contactBody(overrides),
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(message);
        expect(await contactsOf(owner)).toEqual([]);
      },
    );

    it('when a contact is edited to a 100 KB first name or latitude 91, then it answers 400 and keeps the stored values', async () => {
      const owner = await signedInUser(t.app);
      const contact = await addContact(t.app, owner, { latitude: 30.25, longitude: -97.7 });
      for (const [overrides, message] of [
        [{ firstName: HUNDRED_KB }, 'firstName: First name must be 100 characters or fewer.'],
        [{ latitude: 91 }, 'latitude: Latitude must be between -90 and 90.'],
      ] as const) {
        const res = await asUser(t.app, owner, {
          method: 'PUT',
          url: `/api/customers/${contact.id}`,
          payload: contactBody({ ...overrides }),
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(message);
      }
      const row = await storedRow(t, contact.id);
      expect(row).toMatchObject({ firstName: contact.firstName, latitude: 30.25 });
    });

    it('when every field is at its limit, then the contact is stored whole', async () => {
      const owner = await signedInUser(t.app);
      const res = await asUser(t.app, owner, {
        method: 'POST',
        url: '/api/customers',
        payload: contactBody({
          firstName: 'F'.repeat(100),
          company: 'C'.repeat(200),
          latitude: -90,
          longitude: 180,
        }),
      });
      expect(res.statusCode, res.body).toBe(201);
      const row = await storedRow(t, res.json().id);
      expect(row).toMatchObject({ firstName: 'F'.repeat(100), latitude: -90, longitude: 180 });
    });
  });

  describe('GET, PUT and DELETE /api/customers/:id', () => {
    it('when the owner opens a contact, then it comes whole', async () => {
      const owner = await signedInUser(t.app);
      const created = await addContact(t.app, owner, { company: 'Acme' });
      const res = await asUser(t.app, owner, {
        method: 'GET',
        url: `/api/customers/${created.id}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(created);
    });

    it('when every field is changed, then they are all replaced and updated_at moves', async () => {
      const owner = await signedInUser(t.app);
      const created = await addContact(t.app, owner, {
        company: 'Old Co',
        city: 'Dallas',
        latitude: 1,
        longitude: 2,
        assignedTo: await ownEmployeeId(t.app, owner),
      });
      const res = await asUser(t.app, owner, {
        method: 'PUT',
        url: `/api/customers/${created.id}`,
        payload: {
          firstName: 'Jonathan',
          lastName: 'Price',
          email: 'jon@example.test',
          phone: '(214) 555-0188',
          company: '',
          customerType: 'residential',
          source: 'walk_in',
          city: 'Houston',
          assignedTo: '',
          notes: 'Prefers mornings',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id: created.id,
        firstName: 'Jonathan',
        company: null,
        city: 'Houston',
        latitude: null,
        longitude: null,
        assignedTo: null,
        customerType: 'residential',
        source: 'walk_in',
        notes: 'Prefers mornings',
        createdAt: created.createdAt,
      });
      expect(Date.parse(res.json().updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));
      const row = await storedRow(t, created.id);
      expect(row).toMatchObject({ firstName: 'Jonathan', company: null, assignedTo: null });
    });

    it('when the change is invalid, then it answers 400 and the contact stays as it was', async () => {
      const owner = await signedInUser(t.app);
      const created = await addContact(t.app, owner);
      const res = await asUser(t.app, owner, {
        method: 'PUT',
        url: `/api/customers/${created.id}`,
        payload: contactBody({ email: 'nope' }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('email: Please enter a valid email address.');
      expect((await storedRow(t, created.id))?.email).toBe(created.email);
    });

    it("when the id is another account's, then every call answers 404 with nothing of the record and nothing changes", async () => {
      const owner = await signedInUser(t.app);
      const stranger = await signedInUser(t.app);
      const secret = await addContact(t.app, stranger, { lastName: 'Secretson' });
      for (const request of [
        { method: 'GET' as const, url: `/api/customers/${secret.id}` },
        { method: 'PUT' as const, url: `/api/customers/${secret.id}`, payload: contactBody() },
        { method: 'DELETE' as const, url: `/api/customers/${secret.id}` },
      ]) {
        const res = await asUser(t.app, owner, request);
        expect(res.statusCode).toBe(404);
        expect(Object.keys(res.json()).sort()).toEqual(ERROR_KEYS);
        expect(res.body).not.toContain('Secretson');
      }
      expect(await storedRow(t, secret.id)).toMatchObject({
        lastName: 'Secretson',
        archivedAt: null,
      });
    });

    it('when the id is not a UUID, then it answers 400', async () => {
      const owner = await signedInUser(t.app);
      const res = await asUser(t.app, owner, { method: 'GET', url: '/api/customers/42' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('id: id must be a UUID');
    });

    it('when a contact without linked work is deleted, then it is gone', async () => {
      const owner = await signedInUser(t.app);
      const created = await addContact(t.app, owner);
      const res = await asUser(t.app, owner, {
        method: 'DELETE',
        url: `/api/customers/${created.id}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ outcome: 'deleted' });
      expect(await storedRow(t, created.id)).toBeUndefined();
      const again = await asUser(t.app, owner, {
        method: 'GET',
        url: `/api/customers/${created.id}`,
      });
      expect(again.statusCode).toBe(404);
    });

    it('when a contact has linked work, then deleting archives it: it leaves lists, search and recent but stays readable', async () => {
      const owner = await signedInUser(t.app);
      const kept = await addContact(t.app, owner, { lastName: 'Workman' });
      const other = await addContact(t.app, owner, { lastName: 'Workless' });
      await createJobAs(t.app, owner, { customerId: kept.id });
      const res = await asUser(t.app, owner, {
        method: 'DELETE',
        url: `/api/customers/${kept.id}`,
      });
      expect(res.json()).toEqual({ outcome: 'archived' });
      const row = await storedRow(t, kept.id);
      expect(row?.archivedAt).toBeInstanceOf(Date);

      const read = await asUser(t.app, owner, { method: 'GET', url: `/api/customers/${kept.id}` });
      expect(read.json().archivedAt).toBe(row?.archivedAt?.toISOString());
      const ids = (res: { json(): unknown }) => (res.json() as { id: string }[]).map((c) => c.id);
      const search = await asUser(t.app, owner, {
        method: 'GET',
        url: '/api/customers/search?q=work',
      });
      expect(ids(search)).toEqual([other.id]);
      const recent = await asUser(t.app, owner, { method: 'GET', url: '/api/customers/recent' });
      expect(ids(recent)).toEqual([other.id]);
      const list = await asUser(t.app, owner, { method: 'GET', url: '/api/customers' });
      expect(list.json().items.map((c: { id: string }) => c.id)).toEqual([other.id]);
      const archived = await asUser(t.app, owner, {
        method: 'GET',
        url: '/api/customers?archived=only',
      });
      expect(archived.json()).toMatchObject({ total: 1, items: [{ id: kept.id }] });
      const all = await asUser(t.app, owner, {
        method: 'GET',
        url: '/api/customers?archived=include',
      });
      expect(all.json().total).toBe(2);
    });

    describe('when the contact is linked to one kind of work only', () => {
      async function deleteContact(owner: SignedInUser, id: string) {
        const res = await asUser(t.app, owner, { method: 'DELETE', url: `/api/customers/${id}` });
        expect(res.statusCode).toBe(200);
        return res.json();
      }
      async function storedCustomerId(
        table:
          | typeof invoices
          | typeof jobs
          | typeof requests
          | typeof inspections
          | typeof salesOpportunities,
        id: string,
      ) {
        const [row] = await t.app.db
          .select({ customerId: table.customerId })
          .from(table)
          .where(eq(table.id, id));
        return row?.customerId;
      }

      it('when it has only an invoice, then it is archived and the invoice keeps its link', async () => {
        const owner = await signedInUser(t.app);
        const contact = await addContact(t.app, owner);
        const invoice = await createInvoiceAs(t.app, owner, { customerId: contact.id });

        expect(await deleteContact(owner, contact.id)).toEqual({ outcome: 'archived' });

        expect((await storedRow(t, contact.id))?.archivedAt).toBeInstanceOf(Date);
        expect(await storedCustomerId(invoices, invoice.id)).toBe(contact.id);
      });

      it('when it has only a job, then it is archived and the job keeps its link', async () => {
        const owner = await signedInUser(t.app);
        const contact = await addContact(t.app, owner);
        const job = await createJobAs(t.app, owner, { customerId: contact.id });

        expect(await deleteContact(owner, contact.id)).toEqual({ outcome: 'archived' });

        expect((await storedRow(t, contact.id))?.archivedAt).toBeInstanceOf(Date);
        expect(await storedCustomerId(jobs, job.id)).toBe(contact.id);
      });

      it('when it has only a request, then it is archived and the request keeps its link', async () => {
        const owner = await signedInUser(t.app);
        const contact = await addContact(t.app, owner);
        const request = await createRequestAs(t.app, owner, { customer_id: contact.id });

        expect(await deleteContact(owner, contact.id)).toEqual({ outcome: 'archived' });

        expect((await storedRow(t, contact.id))?.archivedAt).toBeInstanceOf(Date);
        expect(await storedCustomerId(requests, request.id)).toBe(contact.id);
      });

      it('when it has only an inspection, then it is archived and the inspection keeps its link', async () => {
        const owner = await signedInUser(t.app);
        const contact = await addContact(t.app, owner);
        const { inspectionId } = await startInspectionAs(t.app, owner, { customerId: contact.id });

        expect(await deleteContact(owner, contact.id)).toEqual({ outcome: 'archived' });

        expect((await storedRow(t, contact.id))?.archivedAt).toBeInstanceOf(Date);
        expect(await storedCustomerId(inspections, inspectionId)).toBe(contact.id);
      });

      it('when it has only a sales opportunity, then it is archived and the opportunity keeps its link', async () => {
        const owner = await signedInUser(t.app);
        const contact = await addContact(t.app, owner);
        const opportunity = await asUser(t.app, owner, {
          method: 'POST',
          url: '/api/sales/opportunities',
          payload: { customerId: contact.id },
        });
        expect(opportunity.statusCode, opportunity.body).toBe(201);

        expect(await deleteContact(owner, contact.id)).toEqual({ outcome: 'archived' });

        expect((await storedRow(t, contact.id))?.archivedAt).toBeInstanceOf(Date);
        expect(await storedCustomerId(salesOpportunities, opportunity.json().id)).toBe(contact.id);
      });
    });
  });

  describe('GET /api/customers/search and /recent', () => {
    let owner: SignedInUser;
    beforeAll(async () => {
      owner = await signedInUser(t.app);
      const people = [
        ['Zoe', 'Quinlan', 'Harbor Bakery', 'zoe@harbor.test'],
        ['Marco', 'Polo', null, 'marco@explore.test'],
        ['Annabel', 'Lee', 'Poe & Partners', 'annabel@poems.test'],
        ['Victor', 'Pollard', 'Harborview Realty', 'vic@realty.test'],
        ['Sam', 'Harbison', null, 'sam@mail.test'],
        ['Paula', 'Harbour', null, 'paula@mail.test'],
        ['Ivy', 'Percent', '100% Clean_Co', 'ivy@clean.test'],
      ] as const;
      for (const [firstName, lastName, company, email] of people) {
        await addContact(t.app, owner, { firstName, lastName, company: company ?? '', email });
      }
    });

    async function search(q: string, user = owner) {
      return asUser(t.app, user, {
        method: 'GET',
        url: `/api/customers/search?q=${encodeURIComponent(q)}`,
      });
    }
    const names = (res: { json(): unknown }) =>
      (res.json() as { firstName: string }[]).map((c) => c.firstName);

    it.each([
      ['QU', ['Zoe']],
      ['ollar', ['Victor']],
      ['poe &', ['Annabel']],
      ['EXPLORE', ['Marco']],
      ['po', ['Victor', 'Annabel', 'Marco']],
      ['100%', ['Ivy']],
      ['n_c', ['Ivy']],
      ['%%', []],
      ['xq', []],
    ])(
      'when the term is %j, then the matches in any field and any case come newest first: %j',
      async (q, expected) => {
        const res = await search(q);
        expect(res.statusCode).toBe(200);
        expect(names(res)).toEqual(expected);
      },
    );

    it('when more than 5 match, then the 5 newest come', async () => {
      const res = await search('harb');
      expect(names(res)).toEqual(['Paula', 'Sam', 'Victor', 'Zoe']);
      const many = await search('a');
      expect(many.statusCode).toBe(400);
      const five = await search('.test');
      expect(names(five)).toEqual(['Ivy', 'Paula', 'Sam', 'Victor', 'Annabel']);
      expect(five.json()[0]).toMatchObject({ lastName: 'Percent', company: '100% Clean_Co' });
    });

    it.each([
      ['/api/customers/search?q=a'],
      ['/api/customers/search?q=%20%20a%20'],
      ['/api/customers/search?q='],
      ['/api/customers/search'],
    ])('when %s is asked, then it answers 400 with the spec text', async (url) => {
      const res = await asUser(t.app, owner, { method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'BAD_REQUEST',
        message: 'Search needs at least 2 characters.',
      });
    });

    it("when another business searches, then it never sees this business's contacts", async () => {
      const stranger = await signedInUser(t.app, { role: 'team_member' });
      await addContact(t.app, stranger, { firstName: 'Harbinger', lastName: 'Own' });
      expect(names(await search('harb', stranger))).toEqual(['Harbinger']);
      const recent = await asUser(t.app, stranger, { method: 'GET', url: '/api/customers/recent' });
      expect(names(recent)).toEqual(['Harbinger']);
    });

    it('when a match is older than the newest contacts the search reads first, then the index still finds it', async () => {
      const user = await signedInUser(t.app);
      const old = await addContact(t.app, user, { firstName: 'Oldest', lastName: 'Xylander' });
      await t.app.db.execute(sql`
        INSERT INTO customers (account_id, first_name, last_name, email, created_at)
        SELECT ${user.accountId}, 'Filler', 'Person' || i, 'filler' || i || '@example.test',
               now() + i * interval '1 second'
        FROM generate_series(1, ${SEARCH_RECENT_WINDOW + 20}) AS i`);
      const res = await search('xylan', user);
      expect(names(res)).toEqual(['Oldest']);
      const two = await search('xy', user);
      expect(names(two)).toEqual(['Oldest']);
      expect(two.json()[0].id).toBe(old.id);
      // Matches in both steps: the newest first, none twice.
      const mixed = await search('oldest', user);
      expect(names(mixed)).toEqual(['Oldest']);
      const fillers = await search('filler', user);
      expect(names(fillers)).toHaveLength(5);
      expect(fillers.json().map((c: { lastName: string }) => c.lastName)).toEqual([
        `Person${SEARCH_RECENT_WINDOW + 20}`,
        `Person${SEARCH_RECENT_WINDOW + 19}`,
        `Person${SEARCH_RECENT_WINDOW + 18}`,
        `Person${SEARCH_RECENT_WINDOW + 17}`,
        `Person${SEARCH_RECENT_WINDOW + 16}`,
      ]);
    });

    it('when the recent list is asked, then the 5 newest come, newest first', async () => {
      const res = await asUser(t.app, owner, { method: 'GET', url: '/api/customers/recent' });
      expect(res.statusCode).toBe(200);
      expect(names(res)).toEqual(['Ivy', 'Paula', 'Sam', 'Victor', 'Annabel']);
    });

    it('when a business has no contacts, then search and recent answer empty lists', async () => {
      const fresh = await signedInUser(t.app, { role: 'estimate-free' });
      expect((await search('an', fresh)).json()).toEqual([]);
      const recent = await asUser(t.app, fresh, { method: 'GET', url: '/api/customers/recent' });
      expect(recent.json()).toEqual([]);
    });
  });
});
