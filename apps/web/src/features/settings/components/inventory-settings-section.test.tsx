import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { InventorySettingsSection } from './inventory-settings-section';

const SETTINGS = '/api/inventory/settings';

function open(role: 'manager' | 'team_member' = 'manager') {
  return renderRoute(<InventorySettingsSection />, { me: makeMe({ role }), path: '/settings' });
}

describe('Settings → Inventory', () => {
  it('when negative stock is allowed and saved, then the setting is sent and the page says so', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      [`GET ${SETTINGS}`]: () => ({ status: 200, body: { allowNegativeStock: false } }),
      [`PUT ${SETTINGS}`]: () => ({ status: 200, body: { allowNegativeStock: true } }),
    });
    open();
    const allow = await screen.findByRole('checkbox', { name: 'Allow negative stock' });
    expect(allow).not.toBeChecked();
    await user.click(allow);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Inventory settings saved')).toBeInTheDocument();
    expect(calls.find((c) => c.key === `PUT ${SETTINGS}`)?.body).toEqual({
      allowNegativeStock: true,
    });
  });

  it('when the settings cannot be loaded, then it says so and can try again', async () => {
    mockApi({
      [`GET ${SETTINGS}`]: () => ({ status: 500, body: { code: 'INTERNAL', message: 'x' } }),
    });
    open();
    expect(await screen.findByText('Could not load the inventory settings')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument();
  });

  it('when a team member opens it, then it says who may change it and asks nothing', () => {
    const { fetchMock } = mockApi({});
    open('team_member');
    expect(
      screen.getByText(
        'Only the business owner, an admin or a manager can change inventory settings.',
      ),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
