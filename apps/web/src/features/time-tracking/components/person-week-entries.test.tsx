import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { PersonWeekEntries } from './person-week-entries';

const EMPLOYEE = '0b0b0b0b-0000-4000-8000-000000000001';
const WEEK = '2026-11-23';
const ENTRIES = `GET /api/time/entries?employeeId=${EMPLOYEE}&from=2026-11-23&to=2026-11-29`;
const SHIFT = {
  id: '0b0b0b0b-0000-4000-8000-000000000002',
  employeeId: EMPLOYEE,
  employeeName: 'Ada Lovelace',
  kind: 'shift' as const,
  jobId: null,
  jobTitle: null,
  startedAt: '2026-11-24T14:00:00.000Z',
  endedAt: '2026-11-24T22:00:00.000Z',
  workDate: '2026-11-24',
  source: 'web' as const,
  autoClosed: false,
  edited: false,
  clockOff: false,
  locationMissing: false,
};

function open(locked: boolean) {
  return renderRoute(<PersonWeekEntries employeeId={EMPLOYEE} weekStart={WEEK} locked={locked} />, {
    me: makeMe({ role: 'manager' }),
  });
}

describe('PersonWeekEntries', () => {
  it('when the week is open, then the office adds a forgotten break with its times and why', async () => {
    const api = mockApi({
      [ENTRIES]: () => ({ status: 200, body: { items: [SHIFT] } }),
      'POST /api/time/entries': () => ({
        status: 201,
        body: { ...SHIFT, id: '0b0b0b0b-0000-4000-8000-000000000003', kind: 'break' },
      }),
    });
    open(false);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add an entry' }));
    const form = within(screen.getByRole('form', { name: 'Add an entry' }));
    await user.selectOptions(screen.getByLabelText('Kind'), 'break');
    // The fixture business has no zone: its clock is UTC's.
    fireEvent.change(form.getByLabelText('Started'), { target: { value: '2026-11-24T17:00' } });
    fireEvent.change(form.getByLabelText('Ended'), { target: { value: '2026-11-24T17:30' } });
    await user.type(form.getByLabelText('Why'), 'Lunch not punched');
    await user.click(form.getByRole('button', { name: 'Add the entry' }));

    expect(await screen.findByText(/Entry added/)).toBeInTheDocument();
    expect(api.calls.find((c) => c.key === 'POST /api/time/entries')?.body).toEqual({
      employeeId: EMPLOYEE,
      kind: 'break',
      startedAt: '2026-11-24T17:00:00.000Z',
      endedAt: '2026-11-24T17:30:00.000Z',
      reason: 'Lunch not punched',
    });
  });

  it('when the week is approved, then it says it is locked and offers no edit and no new entry', async () => {
    mockApi({ [ENTRIES]: () => ({ status: 200, body: { items: [SHIFT] } }) });
    open(true);
    expect(await screen.findByText(/This week is locked/)).toBeInTheDocument();
    expect(screen.getByText('Shift')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add an entry' })).not.toBeInTheDocument();
  });
});
