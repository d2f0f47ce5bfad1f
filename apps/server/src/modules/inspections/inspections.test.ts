import {
  FINDINGS_ALREADY_ACCEPTED_MESSAGE,
  INSPECTION_ALREADY_FINISHED_MESSAGE,
  SHARED_INSPECTION_NOT_FOUND_MESSAGE,
  type InspectionDetail,
  type InspectionTemplateInput,
} from '@crewdesk/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  inspectionAnswers,
  inspectionPhotos,
  inspections,
  requestEvents,
  requests,
} from '../../db/schema/index.ts';
import { asUser, signedInUser, TEST_ORIGIN, type SignedInUser } from '../../../test/build-app.ts';
import { addContact } from '../../../test/customers.ts';
import { PNG } from '../../../test/images.ts';
import { colleagueOf, createJobAs, type Colleague } from '../../../test/jobs.ts';
import { pdfText } from '../../../test/pdf.ts';
import { ownerWithBusinessProfile } from '../../../test/requests.ts';
import { createTestAppWithInbox, type TestAppWithInbox } from '../../../test/smtp.ts';

/** A move-out check with every kind that scores, a required photo when the floor fails, remedies. */
const TEMPLATE: InspectionTemplateInput = {
  name: 'Move-out check',
  passMarkPercent: 80,
  sections: [
    {
      key: 'rooms',
      title: 'Rooms',
      items: [
        {
          key: 'floor',
          label: 'Floor clean',
          kind: 'pass_fail_na',
          required: true,
          photoRequiredWhenFailed: true,
          weight: 2,
          remedy: { description: 'Re-mop the floor', priceCents: 3000 },
        },
        {
          key: 'windows',
          label: 'Windows clean',
          kind: 'pass_fail_na',
          required: true,
          remedy: { description: 'Clean the windows', priceCents: 4500 },
        },
        {
          key: 'oven',
          label: 'Oven condition',
          kind: 'rating_1_5',
          required: true,
          remedy: { description: 'Oven deep clean', priceCents: 8000 },
        },
        { key: 'leaks', label: 'Any leaks?', kind: 'yes_no', failingAnswer: 'yes' },
        { key: 'remarks', label: 'Remarks', kind: 'text' },
      ],
    },
    {
      key: 'meters',
      title: 'Meters',
      items: [{ key: 'temp', label: 'Thermostat', kind: 'number_with_unit', unit: '°F' }],
    },
  ],
};

const SIGNATURE_PNG = `data:image/png;base64,${PNG.toString('base64')}`;

describe('inspections', () => {
  let t: TestAppWithInbox;
  let owner: SignedInUser;
  let contact: { id: string; firstName: string; lastName: string };
  let templateId: string;

  const as = (user: SignedInUser, options: Parameters<typeof asUser>[2]) =>
    asUser(t.app, user, options);
  const start = (user: SignedInUser, payload: Record<string, unknown>) =>
    as(user, { method: 'POST', url: '/api/inspections', payload: { templateId, ...payload } });
  const answer = (
    user: SignedInUser,
    id: string,
    itemKey: string,
    payload: Record<string, unknown>,
  ) => as(user, { method: 'PUT', url: `/api/inspections/${id}/answers/${itemKey}`, payload });
  const finish = (user: SignedInUser, id: string, payload: Record<string, unknown> = {}) =>
    as(user, {
      method: 'POST',
      url: `/api/inspections/${id}/finish`,
      payload: { signatureName: 'Sam Inspector', ...payload },
    });
  const photo = (user: SignedInUser, id: string, itemKey: string, clientId?: string) =>
    as(user, {
      method: 'POST',
      url: `/api/inspections/${id}/answers/${itemKey}/photos${clientId ? `?clientId=${clientId}` : ''}`,
      headers: { 'content-type': 'image/png' },
      payload: PNG,
    });

  /** A started inspection at the contact's address, with the failed floor's photo and all required answers. */
  async function answeredInspection(user = owner): Promise<InspectionDetail> {
    const started = await start(user, { customerId: contact.id });
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().id;
    for (const [key, body] of [
      [
        'floor',
        {
          kind: 'pass_fail_na',
          value: 'fail',
          note: 'Stains by the door',
          internalNote: 'Tenant was rude',
        },
      ],
      ['windows', { kind: 'pass_fail_na', value: 'fail' }],
      ['oven', { kind: 'rating_1_5', value: 2 }],
      ['leaks', { kind: 'yes_no', value: 'no' }],
      ['temp', { kind: 'number_with_unit', value: 68 }],
    ] as const) {
      const res = await answer(user, id, key, body);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await photo(user, id, 'floor')).statusCode).toBe(200);
    return (await as(user, { method: 'GET', url: `/api/inspections/${id}` })).json();
  }

  async function finished(): Promise<InspectionDetail> {
    const inspection = await answeredInspection();
    const res = await finish(owner, inspection.id, { signatureImage: SIGNATURE_PNG });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  async function shared(id: string): Promise<string> {
    const res = await as(owner, { method: 'POST', url: `/api/inspections/${id}/share` });
    expect(res.statusCode, res.body).toBe(200);
    return new URL(res.json().url).pathname.split('/').pop()!;
  }

  const publicReport = (token: string, suffix = '') =>
    t.app.inject({ method: 'GET', url: `/api/public/inspection-reports/${token}${suffix}` });
  const accept = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/inspection-reports/${token}/accept`,
      headers: { origin: TEST_ORIGIN },
      payload,
    });

  beforeAll(async () => {
    t = await createTestAppWithInbox();
    owner = await ownerWithBusinessProfile(t.app);
    contact = await addContact(t.app, owner, {
      firstName: 'Rita',
      lastName: 'Renter',
      email: 'rita.renter@example.test',
      address: '12 Elm St',
      city: 'Austin',
    });
    const res = await as(owner, {
      method: 'POST',
      url: '/api/inspection-templates',
      payload: TEMPLATE,
    });
    expect(res.statusCode, res.body).toBe(201);
    templateId = res.json().id;
  });
  afterAll(() => t.close());

  describe('templates', () => {
    it('when a starter is adopted, then it is a template of the business and no longer offered; twice is a 409', async () => {
      const before = (await as(owner, { method: 'GET', url: '/api/inspection-templates' })).json();
      expect(before.starters.map((s: { key: string }) => s.key)).toEqual([
        'cleaning-quality',
        'move-out',
        'maintenance',
      ]);
      const adopted = await as(owner, {
        method: 'POST',
        url: '/api/inspection-templates/starters/maintenance',
      });
      expect(adopted.statusCode, adopted.body).toBe(201);
      expect(adopted.json()).toMatchObject({
        name: 'Maintenance check',
        version: 1,
        starterKey: 'maintenance',
      });
      const after = (await as(owner, { method: 'GET', url: '/api/inspection-templates' })).json();
      expect(after.starters.map((s: { key: string }) => s.key)).not.toContain('maintenance');
      expect(after.items.map((i: { name: string }) => i.name)).toContain('Maintenance check');
      const again = await as(owner, {
        method: 'POST',
        url: '/api/inspection-templates/starters/maintenance',
      });
      expect(again.statusCode).toBe(409);
      // Two adoptions at once: one template, one 409.
      const racing = await Promise.all(
        [1, 2].map(() =>
          as(owner, { method: 'POST', url: '/api/inspection-templates/starters/move-out' }),
        ),
      );
      expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    });

    it.each([
      [
        'a key twice',
        [
          { key: 'a', label: 'A', kind: 'text' },
          { key: 'a', label: 'B', kind: 'yes_no' },
        ],
        'The key "a" is used twice in this template; each must be unique.',
      ],
      [
        'a remedy on a text item',
        [{ key: 'a', label: 'A', kind: 'text', remedy: { description: 'x', priceCents: 1 } }],
        'A remedy can only be set on an item that can fail (pass/fail, rating or yes/no).',
      ],
    ])('when a template has %s, then 400 with the reason', async (_name, items, message) => {
      const res = await as(owner, {
        method: 'POST',
        url: '/api/inspection-templates',
        payload: { name: 'Bad', sections: [{ key: 's', title: 'S', items }] },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    });

    it('when a template is edited, then it is a new version and the old one stays as it was; the old one cannot be edited', async () => {
      const created = (
        await as(owner, {
          method: 'POST',
          url: '/api/inspection-templates',
          payload: { ...TEMPLATE, name: 'Versioned' },
        })
      ).json();
      const edited = await as(owner, {
        method: 'PUT',
        url: `/api/inspection-templates/${created.id}`,
        payload: { ...TEMPLATE, name: 'Versioned v2' },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({
        familyId: created.familyId,
        version: 2,
        name: 'Versioned v2',
      });
      const old = (
        await as(owner, { method: 'GET', url: `/api/inspection-templates/${created.id}` })
      ).json();
      expect(old).toMatchObject({ version: 1, name: 'Versioned' });
      const stale = await as(owner, {
        method: 'PUT',
        url: `/api/inspection-templates/${created.id}`,
        payload: TEMPLATE,
      });
      expect(stale.statusCode).toBe(409);
      const archived = await as(owner, {
        method: 'POST',
        url: `/api/inspection-templates/${edited.json().id}/archive`,
      });
      expect(archived.json().archived).toBe(true);
      const refused = await start(owner, { templateId: edited.json().id, customerId: contact.id });
      expect(refused.statusCode).toBe(409);
    });
  });

  describe('answering and finishing', () => {
    it('when an inspection starts at a contact, then it copies the template and says what is missing', async () => {
      const res = await start(owner, { customerId: contact.id });
      expect(res.statusCode, res.body).toBe(201);
      const body: InspectionDetail = res.json();
      expect(body).toMatchObject({
        status: 'draft',
        templateName: 'Move-out check',
        templateVersion: 1,
        siteAddress: '12 Elm St, Austin',
        contact: { id: contact.id, name: 'Rita Renter' },
        // Where "Send report" starts.
        contactEmail: 'rita.renter@example.test',
      });
      expect(body.inspector?.id).toBeTruthy();
      expect(body.snapshot.sections.map((s) => s.key)).toEqual(['rooms', 'meters']);
      expect(body.missing.map((m) => m.itemKey)).toEqual(['floor', 'windows', 'oven']);
    });

    it('when the same answer is saved twice, then there is one row; an answer of another kind or an unknown item is refused', async () => {
      const { id } = (await start(owner, { customerId: contact.id })).json();
      for (let i = 0; i < 2; i++) {
        const res = await answer(owner, id, 'floor', { kind: 'pass_fail_na', value: 'pass' });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().status).toBe('in_progress');
      }
      const rows = await t.app.db
        .select()
        .from(inspectionAnswers)
        .where(eq(inspectionAnswers.inspectionId, id));
      expect(rows).toHaveLength(1);

      const wrongKind = await answer(owner, id, 'floor', { kind: 'rating_1_5', value: 3 });
      expect(wrongKind.statusCode).toBe(400);
      expect(wrongKind.json().message).toBe(
        'This item is answered as pass/fail/N.A., not a rating from 1 to 5.',
      );
      const badValue = await answer(owner, id, 'oven', { kind: 'rating_1_5', value: 9 });
      expect(badValue.statusCode).toBe(400);
      const unknown = await answer(owner, id, 'nope', { kind: 'text', value: 'x' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('This template has no item with that key.');
    });

    it('when a photo is sent twice with the same device id, then it is stored once', async () => {
      const { id } = (await start(owner, { customerId: contact.id })).json();
      const clientId = crypto.randomUUID();
      expect((await photo(owner, id, 'floor', clientId)).statusCode).toBe(200);
      const again = await photo(owner, id, 'floor', clientId);
      expect(again.statusCode, again.body).toBe(200);
      const rows = await t.app.db
        .select()
        .from(inspectionPhotos)
        .where(eq(inspectionPhotos.inspectionId, id));
      expect(rows.map((r) => r.id)).toEqual([clientId]);
      const floor = again.json().answers.find((a: { itemKey: string }) => a.itemKey === 'floor');
      const image = await as(owner, { method: 'GET', url: floor.photos[0].url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');

      const removed = await as(owner, { method: 'DELETE', url: floor.photos[0].url });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json().answers).toEqual([]);
      expect((await as(owner, { method: 'GET', url: floor.photos[0].url })).statusCode).toBe(404);
      expect((await as(owner, { method: 'DELETE', url: floor.photos[0].url })).statusCode).toBe(
        404,
      );
    });

    it('when notes are saved, then the report shows the notes and never the internal ones', async () => {
      const inspection = await answeredInspection();
      const res = await as(owner, {
        method: 'PATCH',
        url: `/api/inspections/${inspection.id}/notes`,
        payload: { notes: 'Keys left with the concierge.', internalNotes: 'Charge the deposit.' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        notes: 'Keys left with the concierge.',
        internalNotes: 'Charge the deposit.',
      });
      expect((await finish(owner, inspection.id)).statusCode).toBe(200);
      const token = await shared(inspection.id);
      const report = await publicReport(token);
      expect(report.json().notes).toBe('Keys left with the concierge.');
      expect(report.body).not.toContain('Charge the deposit.');
      const pdf = await pdfText((await publicReport(token, '/pdf')).rawPayload);
      expect(pdf).toContain('Keys left with the concierge.');
      expect(pdf).not.toContain('Charge the deposit.');
    });

    it('when required items or the failed floor’s photo are missing, then finishing is refused with what is missing', async () => {
      const { id } = (await start(owner, { customerId: contact.id })).json();
      await answer(owner, id, 'floor', { kind: 'pass_fail_na', value: 'fail' });
      const res = await finish(owner, id);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        '3 items are not done: Floor clean (failed, so it needs a photo); Windows clean (needs an answer); Oven condition (needs an answer).',
      );
      const unsigned = await finish(owner, id, { signatureName: '' });
      expect(unsigned.statusCode).toBe(400);
      const notAPng = await finish(owner, id, { signatureImage: 'data:image/png;base64,AAAA' });
      expect(notAPng.statusCode).toBe(400);
      expect(notAPng.json().message).toBe('The drawn signature could not be read. Sign again.');
      const [row] = await t.app.db.select().from(inspections).where(eq(inspections.id, id));
      expect(row!.status).toBe('in_progress');
    });

    it('when everything is answered and signed, then it finishes with its score once; a second finish is a 409', async () => {
      const inspection = await answeredInspection();
      const res = await finish(owner, inspection.id, { signatureImage: SIGNATURE_PNG });
      expect(res.statusCode, res.body).toBe(200);
      const body: InspectionDetail = res.json();
      // floor 0·2, windows 0·1, oven (2−1)/4·1, leaks 1·1 → 1.25 / 5
      expect(body).toMatchObject({ status: 'finished', scorePercent: 25, passed: false });
      expect(body.signature).toMatchObject({ name: 'Sam Inspector', hasImage: true });
      expect(body.findings.map((f) => [f.id, f.priceCents])).toEqual([
        ['floor', 3000],
        ['windows', 4500],
        ['oven', 8000],
      ]);
      const second = await finish(owner, inspection.id);
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe(INSPECTION_ALREADY_FINISHED_MESSAGE);
      const late = await answer(owner, inspection.id, 'leaks', { kind: 'yes_no', value: 'yes' });
      expect(late.statusCode).toBe(409);
    });
  });

  describe('the report', () => {
    it('when the PDF is read back, then it has the business, contact, site, inspector, answers, notes and score, and no internal note', async () => {
      const inspection = await finished();
      const res = await as(owner, {
        method: 'GET',
        url: `/api/inspections/${inspection.id}/report.pdf`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const text = await pdfText(res.rawPayload);
      for (const expected of [
        'Sparkle Cleaning Co',
        'Move-out check',
        'Client: Rita Renter',
        'Site: 12 Elm St, Austin',
        'Inspector:',
        'Rooms',
        'Floor clean',
        'Fail',
        'Note: Stains by the door',
        '2 / 5',
        '68 °F',
        '25%',
        'Pass mark: 80%',
        'Re-mop the floor',
        'Sam Inspector',
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toContain('Tenant was rude');
    });

    it('when the template is edited after the start, then the inspection and its PDF are unchanged', async () => {
      const own = (
        await as(owner, {
          method: 'POST',
          url: '/api/inspection-templates',
          payload: { ...TEMPLATE, name: 'Isolated' },
        })
      ).json();
      const started = (await start(owner, { templateId: own.id, customerId: contact.id })).json();
      const renamed = structuredClone(TEMPLATE);
      renamed.name = 'Isolated v2';
      renamed.sections[0]!.items[0]!.label = 'Floor spotless (new wording)';
      renamed.sections[0]!.items[0]!.remedy = { description: 'New remedy', priceCents: 99_900 };
      const edit = await as(owner, {
        method: 'PUT',
        url: `/api/inspection-templates/${own.id}`,
        payload: renamed,
      });
      expect(edit.statusCode, edit.body).toBe(200);

      const after: InspectionDetail = (
        await as(owner, { method: 'GET', url: `/api/inspections/${started.id}` })
      ).json();
      expect(after.snapshot).toEqual(started.snapshot);
      expect(after.templateName).toBe('Isolated');
      const pdf = await pdfText(
        (await as(owner, { method: 'GET', url: `/api/inspections/${started.id}/report.pdf` }))
          .rawPayload,
      );
      expect(pdf).toContain('Floor clean');
      expect(pdf).not.toContain('new wording');
    });

    it('when the report is shared, then the client sees answers and findings but nothing internal; revoked, the link is a 404', async () => {
      const inspection = await finished();
      const token = await shared(inspection.id);
      expect(await shared(inspection.id)).toBe(token);
      const res = await publicReport(token);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.findings.map((f: { id: string }) => f.id)).toEqual(['floor', 'windows', 'oven']);
      expect(body.contactName).toBe('Rita Renter');
      expect(res.body).not.toContain('internalNote');
      expect(res.body).not.toContain('Tenant was rude');
      const floor = body.sections[0].items[0].answer;
      expect((await t.app.inject({ method: 'GET', url: floor.photos[0].url })).statusCode).toBe(
        200,
      );
      expect((await publicReport(token, '/pdf')).statusCode).toBe(200);

      const revoked = await as(owner, {
        method: 'DELETE',
        url: `/api/inspections/${inspection.id}/share`,
      });
      expect(revoked.statusCode).toBe(204);
      for (const suffix of ['', '/pdf', `/photos/${floor.photos[0].id}`]) {
        const gone = await publicReport(token, suffix);
        expect(gone.statusCode).toBe(404);
      }
      expect((await publicReport(token)).json().message).toBe(SHARED_INSPECTION_NOT_FOUND_MESSAGE);
      const fresh = await shared(inspection.id);
      expect(fresh).not.toBe(token);
      expect((await publicReport(fresh)).statusCode).toBe(200);
    });

    it('when the report is e-mailed, then the client gets its link through the mail pipeline', async () => {
      const inspection = await finished();
      const res = await as(owner, {
        method: 'POST',
        url: `/api/inspections/${inspection.id}/send`,
        payload: { recipientEmail: 'rita@example.test', message: 'Thanks for your time.' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ sent: true });
      const mail = await t.inbox.waitFor(
        (m) => m.subject === 'Your move-out check report from Sparkle Cleaning Co',
      );
      expect(mail.text).toContain(res.json().url);
      expect(mail.text).toContain('It recommends 3 repairs');
    });

    it('when an unfinished inspection is shared, then 409', async () => {
      const { id } = (await start(owner, { customerId: contact.id })).json();
      const res = await as(owner, { method: 'POST', url: `/api/inspections/${id}/share` });
      expect(res.statusCode).toBe(409);
    });
  });

  describe('findings → quote', () => {
    it('when the client ticks two of three findings and signs, then an accepted quote has exactly those lines at the snapshot’s prices', async () => {
      const inspection = await finished();
      const token = await shared(inspection.id);

      const unknown = await accept(token, {
        findingIds: ['floor', 'made-up'],
        name: 'Rita Renter',
      });
      expect(unknown.statusCode).toBe(400);
      const none = await accept(token, { findingIds: [], name: 'Rita Renter' });
      expect(none.statusCode).toBe(400);

      // Lines and prices the client sends are not read: the server prices from the snapshot.
      const res = await accept(token, {
        findingIds: ['floor', 'oven'],
        name: 'Rita Renter',
        priceCents: 1,
        lines: [{ description: 'Free roof', priceCents: 0 }],
        findings: [{ id: 'floor', priceCents: 1 }],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().accepted).toMatchObject({
        name: 'Rita Renter',
        findingIds: ['floor', 'oven'],
        amountCents: 11_000,
      });

      const [link] = await t.app.db
        .select()
        .from(requests)
        .where(
          and(
            eq(requests.accountId, owner.accountId),
            eq(requests.source, 'inspection'),
            eq(requests.status, 'accepted'),
          ),
        );
      expect(link).toMatchObject({
        type: 'quote',
        amountCents: 11_000,
        acceptedName: 'Rita Renter',
        customerId: contact.id,
      });
      expect(link!.details.findings).toEqual([
        { id: 'floor', description: 'Re-mop the floor', priceCents: 3000 },
        { id: 'oven', description: 'Oven deep clean', priceCents: 8000 },
      ]);
      expect(link!.description).not.toContain('Free roof');
      const history = await t.app.db
        .select()
        .from(requestEvents)
        .where(eq(requestEvents.requestId, link!.id));
      expect(history.map((e) => e.kind)).toEqual(['created', 'accepted']);
      // Its history says where it came from: the inspection, by name, and who chose.
      expect(history[0]!.detail).toMatchObject({
        source: 'inspection',
        inspectionId: inspection.id,
        inspectionName: inspection.templateName,
        chosenBy: 'client',
      });

      // The quote is an ordinary request: its page opens with the lines' total.
      const quote = await as(owner, { method: 'GET', url: `/api/requests/${link!.id}` });
      expect(quote.statusCode, quote.body).toBe(200);
      expect(quote.json()).toMatchObject({ status: 'accepted' });
      expect(JSON.stringify(quote.json())).toContain('11000');

      const again = await accept(token, { findingIds: ['windows'], name: 'Rita Renter' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(FINDINGS_ALREADY_ACCEPTED_MESSAGE);
      const detail = (
        await as(owner, { method: 'GET', url: `/api/inspections/${inspection.id}` })
      ).json();
      expect(detail.quoteRequestIds).toEqual([link!.id]);
    });

    it('when staff turn a finding into a draft quote, then it is an unopened quote of that line', async () => {
      const inspection = await finished();
      const res = await as(owner, {
        method: 'POST',
        url: `/api/inspections/${inspection.id}/quote`,
        payload: { findingIds: ['windows'] },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        status: 'unopened',
        amountCents: 4500,
        findingIds: ['windows'],
      });
      const bad = await as(owner, {
        method: 'POST',
        url: `/api/inspections/${inspection.id}/quote`,
        payload: { findingIds: ['leaks'] },
      });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('the list', () => {
    it('filters by status, template, contact and score band, searches, and pages with a total', async () => {
      const done = await finished();
      const list = (query: string) =>
        as(owner, { method: 'GET', url: `/api/inspections?${query}` }).then((r) => {
          expect(r.statusCode, r.body).toBe(200);
          return r.json();
        });
      const finishedOnes = await list(
        `status=finished&templateId=${done.templateFamilyId}&customerId=${contact.id}`,
      );
      expect(finishedOnes.items.map((i: { id: string }) => i.id)).toContain(done.id);
      expect(finishedOnes.items.every((i: { status: string }) => i.status === 'finished')).toBe(
        true,
      );
      expect(
        (await list('scoreMin=20&scoreMax=30')).items.map((i: { id: string }) => i.id),
      ).toContain(done.id);
      expect((await list('scoreMin=90')).items.map((i: { id: string }) => i.id)).not.toContain(
        done.id,
      );
      expect((await list('q=rita')).items.length).toBeGreaterThan(0);
      expect((await list('q=nobody-like-this')).items).toEqual([]);

      const first = await list('limit=1');
      expect(first.items).toHaveLength(1);
      expect(first.total).toBeGreaterThan(1);
      const second = await list(`limit=1&cursor=${first.nextCursor}`);
      expect(second.items[0].id).not.toBe(first.items[0].id);
      expect(
        (await as(owner, { method: 'GET', url: '/api/inspections?cursor=bad' })).statusCode,
      ).toBe(400);
      expect(
        (await as(owner, { method: 'GET', url: '/api/inspections?scoreMin=90&scoreMax=10' }))
          .statusCode,
      ).toBe(400);
    });
  });

  describe('who may see what', () => {
    let member: Colleague;
    let stranger: SignedInUser;
    beforeAll(async () => {
      member = await colleagueOf(t.app, owner, 'team_member');
      stranger = await ownerWithBusinessProfile(t.app);
    });

    it('when a team member inspects their own visit or is named the inspector, then they see it; another visit, a contact’s site or the owner’s inspections are closed to them', async () => {
      const theirs = await createJobAs(t.app, owner, {
        customerId: contact.id,
        assigneeIds: [member.employeeId],
      });
      const notTheirs = await createJobAs(t.app, owner, { customerId: contact.id });
      const res = await start(member, { jobId: theirs.id });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        job: { id: theirs.id },
        inspector: { id: member.employeeId },
      });
      expect((await start(member, { jobId: notTheirs.id })).statusCode).toBe(404);
      expect((await start(member, { customerId: contact.id })).statusCode).toBe(403);

      const ownersOwn = (await start(owner, { customerId: contact.id })).json();
      expect(
        (await as(member, { method: 'GET', url: `/api/inspections/${ownersOwn.id}` })).statusCode,
      ).toBe(404);
      // Made the inspector of an inspection at a contact's site, they see it and answer it.
      const named = (
        await start(owner, { customerId: contact.id, inspectorId: member.employeeId })
      ).json();
      const answered = await answer(member, named.id, 'windows', {
        kind: 'pass_fail_na',
        value: 'pass',
      });
      expect(answered.statusCode, answered.body).toBe(200);
      const list = (await as(member, { method: 'GET', url: '/api/inspections' })).json();
      expect(list.items.map((i: { id: string }) => i.id).sort()).toEqual(
        [res.json().id, named.id].sort(),
      );
      const template = await as(member, {
        method: 'POST',
        url: '/api/inspection-templates',
        payload: TEMPLATE,
      });
      expect(template.statusCode).toBe(403);
    });

    it('when another business asks for an inspection or a template by id, then 404 on every endpoint', async () => {
      const inspection = await finished();
      for (const [method, url, payload] of [
        ['GET', `/api/inspections/${inspection.id}`, undefined],
        [
          'PUT',
          `/api/inspections/${inspection.id}/answers/floor`,
          { kind: 'pass_fail_na', value: 'pass' },
        ],
        ['POST', `/api/inspections/${inspection.id}/finish`, { signatureName: 'Eve Stranger' }],
        ['GET', `/api/inspections/${inspection.id}/report.pdf`, undefined],
        ['POST', `/api/inspections/${inspection.id}/share`, undefined],
        ['DELETE', `/api/inspections/${inspection.id}/share`, undefined],
        ['POST', `/api/inspections/${inspection.id}/quote`, { findingIds: ['floor'] }],
        ['GET', `/api/inspection-templates/${templateId}`, undefined],
        ['PUT', `/api/inspection-templates/${templateId}`, TEMPLATE],
      ] as const) {
        const res = await as(stranger, { method, url, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      expect((await start(stranger, { customerId: contact.id })).statusCode).toBe(404);
    });

    it('when a role without /inspections asks, then 403', async () => {
      const sales = await signedInUser(t.app, { role: 'sales_person' });
      expect((await as(sales, { method: 'GET', url: '/api/inspections' })).statusCode).toBe(403);
    });
  });
});
