import type { InspectionDetail } from '@crewdesk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, type SignedInUser, type TestApp } from '../../../test/build-app.ts';
import { addContact } from '../../../test/customers.ts';
import { startInspectionAs } from '../../../test/inspections.ts';
import { pdfText } from '../../../test/pdf.ts';
import { ownerWithBusinessProfile } from '../../../test/requests.ts';

// The app's clock: 9:30 PM on Monday 7 December 2026 in Chicago, already 8 December in UTC.
const NOW = new Date('2026-12-08T03:30:00Z');

/** A passing answer for each kind the starter template asks; null for the kinds it may skip. */
function passingAnswer(kind: string): Record<string, unknown> | null {
  switch (kind) {
    case 'pass_fail_na':
      return { kind, value: 'pass' };
    case 'rating_1_5':
      return { kind, value: 5 };
    case 'yes_no':
      return { kind, value: 'no' };
    case 'number_with_unit':
      return { kind, value: 1 };
    case 'text':
      return { kind, value: 'All good' };
    default:
      return null;
  }
}

describe('the inspection report PDF in the business’s time zone', () => {
  let t: TestApp;
  let owner: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    owner = await ownerWithBusinessProfile(t.app);
  });
  afterAll(() => t.close());

  /** The starter cleaning check of a new contact, every item answered, signed and finished now. */
  async function finishedNow(): Promise<string> {
    const contact = await addContact(t.app, owner);
    const { inspectionId } = await startInspectionAs(t.app, owner, { customerId: contact.id });
    const detail: InspectionDetail = (
      await asUser(t.app, owner, { method: 'GET', url: `/api/inspections/${inspectionId}` })
    ).json();
    for (const item of detail.snapshot.sections.flatMap((s) => s.items)) {
      const payload = passingAnswer(item.kind);
      if (!payload) continue;
      const res = await asUser(t.app, owner, {
        method: 'PUT',
        url: `/api/inspections/${inspectionId}/answers/${item.key}`,
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const finished = await asUser(t.app, owner, {
      method: 'POST',
      url: `/api/inspections/${inspectionId}/finish`,
      payload: { signatureName: 'Sam Inspector' },
    });
    expect(finished.statusCode, finished.body).toBe(200);
    return inspectionId;
  }

  it('when a Chicago business finishes an inspection at 9:30 PM on Dec 7, then the PDF and its file name are dated Dec 7, not UTC’s Dec 8', async () => {
    const id = await finishedNow();
    const res = await asUser(t.app, owner, {
      method: 'GET',
      url: `/api/inspections/${id}/report.pdf`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="Cleaning quality check 2026-12-07.pdf"',
    );
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Date: December 7, 2026');
    expect(text).toContain('Sam Inspector, December 7, 2026');
    expect(text).not.toContain('December 8');
  });
});
