import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_JOB_TIME } from '@crewdesk/domain';
import { TimeSelect } from './time-select';

describe('TimeSelect', () => {
  it('when opened, then the slots come grouped MORNING 9:00 AM–12:30 PM and AFTERNOON 1:00 PM–5:00 PM', () => {
    render(<TimeSelect aria-label="Time" value={DEFAULT_JOB_TIME} onChange={vi.fn()} />);
    const select = screen.getByRole('combobox', { name: 'Time' });
    expect(select).toHaveValue('9:00 AM');

    const groups = within(select).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('label'))).toEqual(['MORNING', 'AFTERNOON']);
    const [morning, afternoon] = groups.map((g) =>
      within(g)
        .getAllByRole('option')
        .map((o) => o.textContent),
    );
    expect(morning).toEqual([
      '9:00 AM',
      '9:30 AM',
      '10:00 AM',
      '10:30 AM',
      '11:00 AM',
      '11:30 AM',
      '12:00 PM',
      '12:30 PM',
    ]);
    expect(afternoon?.[0]).toBe('1:00 PM');
    expect(afternoon?.at(-1)).toBe('5:00 PM');
    expect(afternoon).toHaveLength(9);
  });

  it('when a time is chosen, then it is reported; without a value the placeholder shows', async () => {
    const onChange = vi.fn();
    render(
      <>
        <label htmlFor="time">Time</label>
        <TimeSelect id="time" value="" placeholder="Pick a time" onChange={onChange} />
      </>,
    );
    const select = screen.getByRole('combobox', { name: 'Time' });
    expect(select).toHaveDisplayValue('Pick a time');

    await userEvent.selectOptions(select, '2:30 PM');

    expect(onChange).toHaveBeenCalledWith('2:30 PM');
  });
});
