import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { ClientLinksSection } from './client-links-section';

const API = '/api/client-hub/settings';

function open(role: 'manager' | 'team_member' = 'manager') {
  return renderRoute(<ClientLinksSection />, { me: makeMe({ role }), path: '/settings' });
}

describe('ClientLinksSection', () => {
  it('when a manager changes the link lifetime, then it is saved', async () => {
    const api = mockApi({
      [`GET ${API}`]: () => ({ status: 200, body: { linkLifetimeDays: 90 } }),
      [`PUT ${API}`]: () => ({ status: 200, body: { linkLifetimeDays: 30 } }),
    });
    const user = userEvent.setup();
    open();
    const field = await screen.findByLabelText('Link lifetime (days)');
    expect(field).toHaveValue(90);
    await user.clear(field);
    await user.type(field, '30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Client link settings saved')).toBeVisible();
    expect(api.calls.find((c) => c.key === `PUT ${API}`)?.body).toEqual({ linkLifetimeDays: 30 });
  });

  it('when the lifetime is out of range, then it says so without asking the server', async () => {
    const api = mockApi({
      [`GET ${API}`]: () => ({ status: 200, body: { linkLifetimeDays: 90 } }),
    });
    const user = userEvent.setup();
    open();
    const field = await screen.findByLabelText('Link lifetime (days)');
    await user.clear(field);
    await user.type(field, '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Link lifetime must be between 1 and 3,650.')).toBeVisible();
    expect(api.calls.some((c) => c.key.startsWith('PUT'))).toBe(false);
  });

  it('when the settings cannot load, then it says so with a retry', async () => {
    mockApi({
      [`GET ${API}`]: () => ({ status: 500, body: { code: 'INTERNAL', message: 'Down' } }),
    });
    open();
    expect(await screen.findByText('Could not load the client link settings')).toBeVisible();
  });

  it('when a team member opens it, then it says who may change it', () => {
    mockApi({});
    open('team_member');
    expect(screen.getByText(/Only the business owner, an admin or a manager/)).toBeVisible();
  });
});
