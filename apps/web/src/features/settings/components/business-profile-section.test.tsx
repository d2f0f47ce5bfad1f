import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import type { BusinessProfileResponse } from '../api/get-business-profile';
import { BusinessProfileSection } from './business-profile-section';

const PROFILE: BusinessProfileResponse = {
  businessName: 'Sparkle Cleaning',
  businessDetails: null,
  industry: 'Cleaning',
  employeesCount: 4,
  address: null,
  city: 'Austin',
  state: 'TX',
  zip: null,
  phone: null,
  email: 'hello@sparkle.example',
  website: null,
  timeZone: 'America/Chicago',
  currency: 'USD',
  updatedAt: '2026-01-02T03:04:05.000Z',
};

describe('BusinessProfileSection', () => {
  it('when an owner changes details and saves, then the cleaned profile is sent and a notice shows', async () => {
    const api = mockApi({
      'GET /api/business-profile': () => ({ status: 200, body: PROFILE }),
      'PUT /api/business-profile': (init) => ({
        status: 200,
        body: { ...PROFILE, ...(JSON.parse(String(init?.body)) as object) },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<BusinessProfileSection />, { me: makeMe() });
    const form = within(await screen.findByRole('form', { name: 'Business profile' }));
    expect(form.getByLabelText('Business name')).toHaveValue('Sparkle Cleaning');
    expect(form.getByLabelText('Time zone')).toHaveValue('America/Chicago');
    expect(form.getByLabelText('Currency')).toHaveValue('US dollars (USD)');
    expect(form.getByRole('button', { name: 'Save business profile' })).toBeDisabled();

    await user.type(form.getByLabelText(/Phone/), ' 512 555 0100 ');
    await user.clear(form.getByLabelText(/Number of employees/));
    await user.type(form.getByLabelText(/Number of employees/), '6');
    await user.clear(form.getByLabelText(/Industry/));
    await user.selectOptions(form.getByLabelText('Time zone'), 'Europe/London');
    await user.click(form.getByRole('button', { name: 'Save business profile' }));

    expect(await screen.findByText('Business profile saved')).toBeInTheDocument();
    expect(api.calls[1]).toEqual({
      key: 'PUT /api/business-profile',
      body: {
        businessName: 'Sparkle Cleaning',
        businessDetails: null,
        industry: null,
        employeesCount: 6,
        address: null,
        city: 'Austin',
        state: 'TX',
        zip: null,
        phone: '512 555 0100',
        email: 'hello@sparkle.example',
        website: null,
        timeZone: 'Europe/London',
        currency: 'USD',
      },
    });
  });

  it('when a field is invalid, then the schema message shows and nothing is sent', async () => {
    const api = mockApi({ 'GET /api/business-profile': () => ({ status: 200, body: PROFILE }) });
    const user = userEvent.setup();
    renderRoute(<BusinessProfileSection />, { me: makeMe() });
    const form = within(await screen.findByRole('form', { name: 'Business profile' }));
    await user.clear(form.getByLabelText('Business name'));
    await user.clear(form.getByLabelText(/Number of employees/));
    await user.type(form.getByLabelText(/Number of employees/), '2.5');
    await user.click(form.getByRole('button', { name: 'Save business profile' }));
    expect(await form.findByText('Business name is required.')).toBeInTheDocument();
    expect(form.getByText('Number of employees must be a whole number.')).toBeInTheDocument();
    expect(api.calls.map((call) => call.key)).toEqual(['GET /api/business-profile']);
  });

  it('when the server refuses, then its message shows', async () => {
    mockApi({
      'GET /api/business-profile': () => ({ status: 200, body: PROFILE }),
      'PUT /api/business-profile': () => ({
        status: 400,
        body: { code: 'BAD_REQUEST', message: 'Website is not valid' },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<BusinessProfileSection />, { me: makeMe({ role: 'business_admin' }) });
    const form = within(await screen.findByRole('form', { name: 'Business profile' }));
    await user.type(form.getByLabelText(/Website/), 'nope');
    await user.click(form.getByRole('button', { name: 'Save business profile' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Website is not valid');
  });

  it('for a team role, then the details are read-only with a note and no save button', async () => {
    mockApi({ 'GET /api/business-profile': () => ({ status: 200, body: PROFILE }) });
    renderRoute(<BusinessProfileSection />, { me: makeMe({ role: 'team_member' }) });
    const form = within(await screen.findByRole('form', { name: 'Business profile' }));
    expect(
      form.getByText('Only the business owner or an admin can change these details.'),
    ).toBeInTheDocument();
    expect(form.getByLabelText('Business name')).toBeDisabled();
    expect(form.getByLabelText('Time zone')).toBeDisabled();
    expect(form.queryByRole('button', { name: 'Save business profile' })).not.toBeInTheDocument();
  });

  it('when loading fails, then Try again loads it again', async () => {
    let fail = true;
    mockApi({
      'GET /api/business-profile': () =>
        fail
          ? { status: 500, body: { code: 'INTERNAL', message: 'Something went wrong' } }
          : { status: 200, body: PROFILE },
    });
    const user = userEvent.setup();
    renderRoute(<BusinessProfileSection />, { me: makeMe() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Business profile' })).toBeInTheDocument();
  });
});
