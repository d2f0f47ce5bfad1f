import { screen, waitFor, within } from '@testing-library/react';
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
  locale: 'en-US',
  logoUrl: null,
  updatedAt: '2026-01-02T03:04:05.000Z',
};

const LOGO_URL = '/api/logos/11111111-1111-4111-8111-111111111111-logo.png';

describe('BusinessProfileSection', () => {
  it('when an owner changes details, the currency and the date format and saves, then the cleaned profile is sent and a notice shows', async () => {
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
    expect(form.getByLabelText('Currency')).toHaveValue('USD');
    expect(
      within(form.getByLabelText('Currency')).getByRole('option', { name: 'Euro (EUR)' }),
    ).toBeInTheDocument();
    expect(form.getByRole('button', { name: 'Save business profile' })).toBeDisabled();

    await user.type(form.getByLabelText(/Phone/), ' 512 555 0100 ');
    await user.clear(form.getByLabelText(/Number of employees/));
    await user.type(form.getByLabelText(/Number of employees/), '6');
    await user.clear(form.getByLabelText(/Industry/));
    await user.selectOptions(form.getByLabelText('Time zone'), 'Europe/London');
    await user.selectOptions(form.getByLabelText('Currency'), 'EUR');
    expect(form.getByLabelText('Date and number format')).toHaveValue('en-US');
    await user.selectOptions(form.getByLabelText('Date and number format'), 'de-DE');
    expect(form.getByText(/21\. Nov\. 2026, 1\.234,50/)).toBeInTheDocument();
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
        currency: 'EUR',
        locale: 'de-DE',
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

  describe('logo', () => {
    it('when an owner chooses a logo, then it is uploaded as it is, the profile reloads and the logo shows', async () => {
      let logoUrl: string | null = null;
      const api = mockApi({
        'GET /api/business-profile': () => ({ status: 200, body: { ...PROFILE, logoUrl } }),
        'PUT /api/business-profile/logo': () => {
          logoUrl = LOGO_URL;
          return { status: 200, body: { logoUrl } };
        },
      });
      const user = userEvent.setup();
      renderRoute(<BusinessProfileSection />, { me: makeMe() });
      const logo = within(await screen.findByRole('group', { name: 'Logo' }));
      expect(logo.queryByRole('img')).not.toBeInTheDocument();
      expect(logo.queryByRole('button', { name: 'Remove logo' })).not.toBeInTheDocument();

      const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', {
        type: 'image/png',
      });
      await user.upload(screen.getByTestId('logo-file'), file);

      expect(await screen.findByText('Logo updated')).toBeInTheDocument();
      const [, init] =
        api.fetchMock.mock.calls.find(([url]) => url === '/api/business-profile/logo') ?? [];
      expect(init?.method).toBe('PUT');
      expect(init?.body).toBe(file);
      expect((init?.headers as Record<string, string>)['Content-Type']).toBe('image/png');
      expect(await logo.findByRole('img', { name: 'Sparkle Cleaning logo' })).toHaveAttribute(
        'src',
        LOGO_URL,
      );
      expect(logo.getByRole('button', { name: 'Change logo' })).toBeEnabled();
      expect(api.calls.filter((call) => call.key === 'GET /api/business-profile')).toHaveLength(2);
    });

    it('when an admin removes the logo, then it is deleted and the placeholder shows again', async () => {
      let logoUrl: string | null = LOGO_URL;
      const api = mockApi({
        'GET /api/business-profile': () => ({ status: 200, body: { ...PROFILE, logoUrl } }),
        'DELETE /api/business-profile/logo': () => {
          logoUrl = null;
          return { status: 204 };
        },
      });
      const user = userEvent.setup();
      renderRoute(<BusinessProfileSection />, { me: makeMe({ role: 'business_admin' }) });
      const logo = within(await screen.findByRole('group', { name: 'Logo' }));
      expect(logo.getByRole('img', { name: 'Sparkle Cleaning logo' })).toHaveAttribute(
        'src',
        LOGO_URL,
      );

      await user.click(logo.getByRole('button', { name: 'Remove logo' }));

      expect(await screen.findByText('Logo removed')).toBeInTheDocument();
      expect(api.calls.map((call) => call.key)).toContain('DELETE /api/business-profile/logo');
      await waitFor(() => expect(logo.queryByRole('img')).not.toBeInTheDocument());
      expect(logo.getByRole('button', { name: 'Upload logo' })).toBeInTheDocument();
    });

    it('when the file is not an image or too big, then nothing is uploaded and it says why', async () => {
      const api = mockApi({ 'GET /api/business-profile': () => ({ status: 200, body: PROFILE }) });
      const user = userEvent.setup({ applyAccept: false });
      renderRoute(<BusinessProfileSection />, { me: makeMe() });
      await screen.findByRole('group', { name: 'Logo' });
      await user.upload(
        screen.getByTestId('logo-file'),
        new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }),
      );
      expect(await screen.findByText('Choose a PNG, JPEG or WebP image.')).toBeInTheDocument();
      await user.upload(
        screen.getByTestId('logo-file'),
        new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }),
      );
      expect(await screen.findByText('Choose an image of at most 2 MB.')).toBeInTheDocument();
      expect(api.calls.map((call) => call.key)).toEqual(['GET /api/business-profile']);
    });

    it('when the server refuses the logo, then its message shows and the form stays as it was', async () => {
      mockApi({
        'GET /api/business-profile': () => ({ status: 200, body: PROFILE }),
        'PUT /api/business-profile/logo': () => ({
          status: 400,
          body: { code: 'BAD_REQUEST', message: 'Choose a PNG, JPEG or WebP image.' },
        }),
      });
      const user = userEvent.setup();
      renderRoute(<BusinessProfileSection />, { me: makeMe() });
      const form = within(await screen.findByRole('form', { name: 'Business profile' }));
      await user.type(form.getByLabelText(/Phone/), '512 555 0100');
      await user.upload(
        screen.getByTestId('logo-file'),
        new File([new Uint8Array([1, 2, 3])], 'fake.png', { type: 'image/png' }),
      );
      expect(await form.findByRole('alert')).toHaveTextContent('Choose a PNG, JPEG or WebP image.');
      expect(form.getByLabelText(/Phone/)).toHaveValue('512 555 0100');
    });

    it('for a team role, then the logo shows read-only with no way to change it', async () => {
      mockApi({
        'GET /api/business-profile': () => ({
          status: 200,
          body: { ...PROFILE, logoUrl: LOGO_URL },
        }),
      });
      renderRoute(<BusinessProfileSection />, { me: makeMe({ role: 'team_member' }) });
      const logo = within(await screen.findByRole('group', { name: 'Logo' }));
      expect(logo.getByRole('img', { name: 'Sparkle Cleaning logo' })).toHaveAttribute(
        'src',
        LOGO_URL,
      );
      expect(logo.queryByRole('button')).not.toBeInTheDocument();
      expect(screen.queryByTestId('logo-file')).not.toBeInTheDocument();
    });

    it('for a team role without a logo, then it says there is none', async () => {
      mockApi({ 'GET /api/business-profile': () => ({ status: 200, body: PROFILE }) });
      renderRoute(<BusinessProfileSection />, { me: makeMe({ role: 'manager' }) });
      const logo = within(await screen.findByRole('group', { name: 'Logo' }));
      expect(logo.getByText('No logo yet.')).toBeInTheDocument();
      expect(logo.queryByRole('button')).not.toBeInTheDocument();
    });
  });
});
