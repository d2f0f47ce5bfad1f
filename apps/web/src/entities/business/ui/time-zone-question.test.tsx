import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { TimeZoneQuestion } from './time-zone-question';

/** A browser in Chicago, whatever zone the tests run in. */
function browserInChicago() {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolved.call(this), timeZone: 'America/Chicago' };
  });
}

describe('TimeZoneQuestion', () => {
  it('when shown, then it proposes the browser’s zone, and the one chosen is saved for the business', async () => {
    browserInChicago();
    const api = mockApi({
      'PUT /api/business-profile/time-zone': () => ({ status: 204 }),
    });
    renderRoute(<TimeZoneQuestion />, { me: makeMe({ role: 'owner' }) });
    const question = within(
      screen.getByRole('region', { name: 'Which time zone is your business in?' }),
    );
    expect(question.getByRole('button', { name: 'Use America/Chicago' })).toBeInTheDocument();
    // The list of every zone is drawn only when asked for.
    expect(question.queryByRole('option')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(question.getByRole('button', { name: 'Choose another' }));
    const zone = await question.findByLabelText('Business time zone');
    expect(zone).toHaveValue('America/Chicago');
    await user.selectOptions(zone, 'Europe/Berlin');
    await user.click(question.getByRole('button', { name: 'Save time zone' }));
    expect(await screen.findByText('Time zone saved')).toBeInTheDocument();
    expect(api.calls.find((c) => c.key === 'PUT /api/business-profile/time-zone')?.body).toEqual({
      timeZone: 'Europe/Berlin',
    });
  });

  it('when taking the proposed zone fails, then it says why and still asks', async () => {
    browserInChicago();
    mockApi({
      'PUT /api/business-profile/time-zone': () => ({
        status: 403,
        body: { code: 'FORBIDDEN', message: 'You do not have the required permissions.' },
      }),
    });
    renderRoute(<TimeZoneQuestion />, { me: makeMe({ role: 'owner' }) });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Use America/Chicago' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You do not have the required permissions.',
    );
    expect(screen.getByRole('button', { name: 'Use America/Chicago' })).toBeInTheDocument();
  });
});
