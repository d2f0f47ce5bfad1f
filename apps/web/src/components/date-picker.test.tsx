import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DatePicker } from './date-picker';

function Harness({
  initial,
  onChange,
  required,
}: {
  initial?: Date;
  onChange: (d: Date | undefined) => void;
  required?: boolean;
}) {
  const [date, setDate] = useState(initial);
  return (
    <>
      <label htmlFor="job-date">Date</label>
      <DatePicker
        id="job-date"
        value={date}
        required={required}
        onChange={(d) => {
          setDate(d);
          onChange(d);
        }}
      />
    </>
  );
}

describe('DatePicker', () => {
  it('when no day is picked, then it reads Select date; a click opens the calendar and a day picks it in the long format', async () => {
    const onChange = vi.fn();
    render(<Harness initial={undefined} onChange={onChange} />);
    const user = userEvent.setup();
    const trigger = screen.getByRole('button', { name: 'Date' });
    expect(trigger).toHaveTextContent('Select date');

    await user.click(trigger);
    const grid = await screen.findByRole('grid');
    expect(grid).toBeInTheDocument();
    // Navigate to a known month, then pick its 21st.
    await user.click(screen.getByRole('button', { name: /next month/i }));
    const next = new Date();
    next.setDate(1);
    next.setMonth(next.getMonth() + 1);
    const days = screen.getAllByRole('button', { name: /21st/ });
    await user.click(days[0] as HTMLElement);

    const picked = onChange.mock.calls[0]?.[0] as Date;
    expect(picked.getDate()).toBe(21);
    expect(picked.getMonth()).toBe(next.getMonth());
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    const expected = `${next.toLocaleString('en-US', { month: 'long' })} 21st, ${next.getFullYear()}`;
    expect(screen.getByRole('button', { name: 'Date' })).toHaveTextContent(expected);
  });

  it('when a day is already picked, then the calendar opens on its month and the keyboard can pick another', async () => {
    const onChange = vi.fn();
    render(<Harness initial={new Date(2026, 10, 21)} onChange={onChange} required />);
    const user = userEvent.setup();
    const trigger = screen.getByRole('button', { name: 'Date' });
    expect(trigger).toHaveTextContent('November 21st, 2026');

    trigger.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('grid', { name: 'November 2026' })).toBeInTheDocument();
    // The picked day has the focus; the right arrow moves a day, Enter picks it.
    await user.keyboard('{ArrowRight}{Enter}');

    expect(onChange).toHaveBeenLastCalledWith(new Date(2026, 10, 22));
    expect(trigger).toHaveTextContent('November 22nd, 2026');
  });
});
