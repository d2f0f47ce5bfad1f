import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { CalendarFeedSection } from './calendar-feed-section';

afterEach(() => {
  toast.dismiss();
});

const OLD = 'https://crew.example.test/api/public/calendar/old-token.ics';
const NEW = 'https://crew.example.test/api/public/calendar/new-token.ics';

describe('CalendarFeedSection', () => {
  it('when the feed is off, then Create link makes one, shows it and copies it', async () => {
    const api = mockApi({
      'GET /api/calendar-feed': () => ({ status: 200, body: { url: null } }),
      'POST /api/calendar-feed': () => ({ status: 200, body: { url: NEW } }),
    });
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderRoute(<CalendarFeedSection />, { me: makeMe({ role: 'team_member' }) });

    expect(
      screen.getByText(/Subscribe to your visits in Google Calendar, Apple Calendar or Outlook/),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Create link' }));
    expect(await screen.findByLabelText('Calendar feed link')).toHaveValue(NEW);
    expect(api.calls.map((c) => c.key)).toContain('POST /api/calendar-feed');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(NEW);
  });

  it('when Reset link is confirmed, then a new address replaces the old one', async () => {
    const api = mockApi({
      'GET /api/calendar-feed': () => ({ status: 200, body: { url: OLD } }),
      'POST /api/calendar-feed': () => ({ status: 200, body: { url: NEW } }),
    });
    const user = userEvent.setup();
    renderRoute(<CalendarFeedSection />, { me: makeMe() });
    expect(await screen.findByLabelText('Calendar feed link')).toHaveValue(OLD);

    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Reset the calendar link?' });
    expect(confirm).toHaveTextContent('The old link stops working.');
    expect(api.calls.some((c) => c.key === 'POST /api/calendar-feed')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Reset link' }));

    await waitFor(() => expect(screen.getByLabelText('Calendar feed link')).toHaveValue(NEW));
    expect(await screen.findByText('Calendar link reset')).toBeInTheDocument();
  });

  it('when Turn off is confirmed, then the link is gone and Create link is offered again', async () => {
    const api = mockApi({
      'GET /api/calendar-feed': () => ({ status: 200, body: { url: OLD } }),
      'DELETE /api/calendar-feed': () => ({ status: 200, body: { url: null } }),
    });
    const user = userEvent.setup();
    renderRoute(<CalendarFeedSection />, { me: makeMe() });
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Turn off' }),
    );
    expect(await screen.findByRole('button', { name: 'Create link' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Calendar feed link')).not.toBeInTheDocument();
    expect(api.calls.map((c) => c.key)).toContain('DELETE /api/calendar-feed');
  });

  it('when the role may not see the schedule, then the section is not shown and nothing is asked', () => {
    const api = mockApi({});
    const { container } = renderRoute(<CalendarFeedSection />, {
      me: makeMe({ role: 'sales_person' }),
    });
    expect(screen.queryByText('Calendar feed')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    expect(container).toBeInTheDocument();
  });
});
