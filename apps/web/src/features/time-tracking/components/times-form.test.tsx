import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { showTimesIn } from '@/lib/time-zone';
import { TimesForm } from './times-form';

const IDLE = { isPending: false, isError: false, error: null };

describe('TimesForm', () => {
  it('when the business is in Chicago, then the times read and are sent on its clock, whatever the device’s zone', async () => {
    showTimesIn('America/Chicago');
    const onSubmit = vi.fn();
    render(
      <TimesForm
        label="Correct the times"
        submitLabel="Ask for it"
        initial={{ startedAt: '2026-11-21T15:00:00.000Z', endedAt: '2026-11-21T19:30:00.000Z' }}
        request={IDLE}
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByLabelText('Started')).toHaveValue('2026-11-21T09:00');
    expect(screen.getByLabelText('Ended')).toHaveValue('2026-11-21T13:30');

    fireEvent.change(screen.getByLabelText('Ended'), { target: { value: '2026-11-21T14:00' } });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Why'), 'Forgot to stop the timer');
    await user.click(screen.getByRole('button', { name: 'Ask for it' }));

    expect(onSubmit).toHaveBeenCalledWith({
      startedAt: '2026-11-21T15:00:00.000Z',
      endedAt: '2026-11-21T20:00:00.000Z',
      reason: 'Forgot to stop the timer',
    });
  });
});
