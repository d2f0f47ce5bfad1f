import type { FieldPack } from '@crewdesk/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FieldVisitsProvider } from '@/entities/field-visit/api/field-visits-context';
import { mockApi, renderRoute } from '@/test/utils';
import { FieldVisitPage } from './field-visit-page';

const VISIT_ID = '0b0f8f9e-2f49-4a8e-9d2c-1b8d6f0a1c02';

const pack: FieldPack = {
  userId: 'user-1',
  timeZone: 'America/Chicago',
  dates: ['2026-12-01', '2026-12-02'],
  packedAt: '2026-12-01T13:00:00.000Z',
  visits: [
    {
      id: VISIT_ID,
      title: 'Basement deep clean',
      status: 'in_progress',
      startsAt: '2026-12-01T15:00:00.000Z',
      localStartsAt: '2026-12-01T09:00:00',
      durationMinutes: 120,
      customerName: 'Bea Basement',
      customerPhone: '(512) 555-0100',
      address: '12 Elm St, Austin, TX 78701',
      notes: 'Use the side door.',
      checklist: [{ id: '0b0f8f9e-2f49-4a8e-9d2c-1b8d6f0a1c03', label: 'Stairs', done: false }],
      accessLabels: ['Lockbox by the back door'],
    },
  ],
};

const open = (id = VISIT_ID) =>
  renderRoute(
    <FieldVisitsProvider>
      <FieldVisitPage />
    </FieldVisitsProvider>,
    { path: `/visits/${id}`, routePath: '/visits/:id' },
  );

describe('FieldVisitPage', () => {
  it("when opened, then it shows the office's notes, the access names without codes, and the next step", async () => {
    mockApi({ 'GET /api/field/visits': () => ({ status: 200, body: pack }) });
    open();
    expect(
      await screen.findByRole('heading', { name: 'Basement deep clean', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Use the side door.')).toBeInTheDocument();
    expect(screen.getByText('Lockbox by the back door')).toBeInTheDocument();
    expect(screen.getByText(/Codes are never kept on the phone/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete visit' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call Bea Basement' })).toHaveAttribute(
      'href',
      'tel:5125550100',
    );
  });

  it('when this browser cannot keep changes, then a tick is taken back and the crew is told', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/field/visits': () => ({ status: 200, body: pack }) });
    open();
    const stairs = await screen.findByRole('checkbox', { name: 'Stairs' });
    await user.click(stairs);
    expect(
      await screen.findByText(/A checklist tick on “Basement deep clean” was not saved/),
    ).toBeInTheDocument();
    expect(stairs).not.toBeChecked();
  });

  it('when the visit is not in the copy, then it says so and leads back', async () => {
    mockApi({ 'GET /api/field/visits': () => ({ status: 200, body: pack }) });
    open('0b0f8f9e-2f49-4a8e-9d2c-1b8d6f0a1c99');
    expect(await screen.findByText('This visit is not on this phone')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My visits' })).toHaveAttribute('href', '/visits');
  });
});
