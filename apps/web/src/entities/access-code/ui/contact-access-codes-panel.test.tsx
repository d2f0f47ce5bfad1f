import type { AccessEntry } from '@crewdesk/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { ContactAccessCodesPanel } from './contact-access-codes-panel';

const CONTACT = '9c0c8f0e-2222-4c43-9d55-0b7f6f1d2c01';
const ENTRY = '7d1e2f3a-3333-4c43-9d55-0b7f6f1d2c01';
const LIST = `GET /api/customers/${CONTACT}/access-codes`;
const ok = (body: unknown) => () => ({ status: 200, body });

const gate: AccessEntry = {
  id: ENTRY,
  customerId: CONTACT,
  label: 'Gate',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

const open = () =>
  renderRoute(<ContactAccessCodesPanel customerId={CONTACT} />, {
    me: makeMe({ role: 'owner' }),
    path: `/customers/${CONTACT}`,
    routePath: '/customers/:id',
  });

describe('ContactAccessCodesPanel', () => {
  it('when there is no code, then it says so; adding one asks for a label and a code first', async () => {
    const user = userEvent.setup();
    let entries: AccessEntry[] = [];
    const { calls } = mockApi({
      [LIST]: () => ({ status: 200, body: { entries } }),
      [`POST /api/customers/${CONTACT}/access-codes`]: () => {
        entries = [gate];
        return { status: 201, body: gate };
      },
    });
    open();
    const panel = within(await screen.findByRole('region', { name: 'Access codes' }));
    expect(await panel.findByText(/No access codes yet/)).toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: 'Add code' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add an access code' }));
    await user.click(dialog.getByRole('button', { name: 'Add code' }));
    expect(dialog.getByText('Enter a label, like Gate.')).toBeInTheDocument();
    expect(dialog.getByText('Enter the code or the note.')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Label'), 'Gate');
    await user.type(dialog.getByLabelText('Code or note'), '#4711');
    await user.click(dialog.getByRole('button', { name: 'Add code' }));
    expect(await panel.findByText('Gate')).toBeInTheDocument();
    expect(calls.find((c) => c.key.startsWith('POST'))?.body).toEqual({
      label: 'Gate',
      secret: '#4711',
    });
    // The code itself is never listed.
    expect(panel.queryByText('#4711')).not.toBeInTheDocument();
  });

  it('when a code is revealed, then it shows until hidden; the log names who and for which visit', async () => {
    const user = userEvent.setup();
    mockApi({
      [LIST]: ok({ entries: [gate] }),
      [`POST /api/access-codes/${ENTRY}/reveal`]: ok({
        entryId: ENTRY,
        label: 'Gate',
        secret: '#4711',
        revealedAt: '2026-12-01T14:30:00.000Z',
      }),
      [`GET /api/customers/${CONTACT}/access-codes/reveals`]: ok({
        reveals: [
          {
            id: '1d1e2f3a-3333-4c43-9d55-0b7f6f1d2c01',
            entryId: ENTRY,
            label: 'Gate',
            revealedAt: '2026-12-01T14:30:00.000Z',
            revealedBy: { userId: '2d1e2f3a-3333-4c43-9d55-0b7f6f1d2c01', name: 'Gus Gate' },
            jobId: '3d1e2f3a-3333-4c43-9d55-0b7f6f1d2c01',
            jobTitle: 'Lobby clean',
          },
        ],
      }),
    });
    open();
    const panel = within(await screen.findByRole('region', { name: 'Access codes' }));
    await user.click(await panel.findByRole('button', { name: 'Reveal Gate' }));
    expect(await panel.findByText('#4711')).toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: 'Hide' }));
    expect(panel.queryByText('#4711')).not.toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: 'Show the reveal log' }));
    const log = within(await panel.findByRole('list', { name: 'Reveal log' }));
    expect(log.getByText(/revealed by Gus Gate for “Lobby clean”/)).toBeInTheDocument();
  });

  it('when the codes do not load, then it says so with a way to try again', async () => {
    mockApi({ [LIST]: () => ({ status: 403, body: { code: 'FORBIDDEN', message: 'No.' } }) });
    open();
    const panel = within(await screen.findByRole('region', { name: 'Access codes' }));
    expect(await panel.findByText('Could not load the access codes')).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
