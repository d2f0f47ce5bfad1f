import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { ProofSettingsSection } from './proof-settings-section';

const API = '/api/proof-of-service/settings';

describe('ProofSettingsSection', () => {
  it('when an admin sets the days, then a bad number is refused and a good one saved', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      [`GET ${API}`]: () => ({ status: 200, body: { responseDays: 7 } }),
      [`PUT ${API}`]: () => ({ status: 200, body: { responseDays: 14 } }),
    });
    renderRoute(<ProofSettingsSection />, { me: makeMe({ role: 'admin' }) });
    const days = await screen.findByLabelText('Days to answer');
    expect(days).toHaveValue(7);
    await user.clear(days);
    await user.type(days, '90');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Enter a whole number from 1 to 60.')).toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith('PUT'))).toBe(false);
    await user.clear(days);
    await user.type(days, '14');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Proof of service setting saved')).toBeInTheDocument();
    expect(calls.find((c) => c.key.startsWith('PUT'))?.body).toEqual({ responseDays: 14 });
  });

  it('when a manager opens it, then it says only admins may change it', () => {
    mockApi({});
    renderRoute(<ProofSettingsSection />, { me: makeMe({ role: 'manager' }) });
    expect(screen.getByText(/Only the business owner or an admin/)).toBeInTheDocument();
  });
});
