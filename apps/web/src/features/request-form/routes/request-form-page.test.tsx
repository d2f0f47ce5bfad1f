import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { REQUEST_FORM_SENT_MESSAGE, REQUEST_FORM_SERVICES } from '@crewdesk/domain';
import { mockApi, renderRoute } from '@/test/utils';
import { RequestFormPage } from './request-form-page';

const API = '/api/public/request-form/sparkle-cleaning';
const INFO = {
  business: {
    name: 'Sparkle Cleaning',
    logoUrl: null,
    email: null,
    phone: null,
    website: null,
    address: null,
  },
  services: REQUEST_FORM_SERVICES.map((s) => ({ id: s.id, name: s.name })),
};

function render() {
  return renderRoute(<RequestFormPage />, {
    path: '/request/sparkle-cleaning',
    routePath: '/request/:slug',
  });
}

describe('RequestFormPage', () => {
  it('when sent empty, then each required field says what is wrong and nothing is posted', async () => {
    const api = mockApi({ [`GET ${API}`]: () => ({ status: 200, body: INFO }) });
    const user = userEvent.setup();
    render();

    await user.click(await screen.findByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('First name must be at least 2 characters.')).toBeVisible();
    expect(screen.getByText('Please enter a valid email address.')).toBeVisible();
    expect(api.calls.filter((c) => c.key.startsWith('POST'))).toEqual([]);
  });

  it('when filled in, then it posts the request with an empty honeypot and thanks the visitor', async () => {
    const api = mockApi({
      [`GET ${API}`]: () => ({ status: 200, body: INFO }),
      [`POST ${API}`]: () => ({ status: 201, body: { message: REQUEST_FORM_SENT_MESSAGE } }),
    });
    const user = userEvent.setup();
    render();

    expect(
      await screen.findByRole('heading', { name: 'Request a quote from Sparkle Cleaning' }),
    ).toBeVisible();
    await user.type(screen.getByLabelText('First name'), 'Ann');
    await user.type(screen.getByLabelText('Last name'), 'Lee');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.selectOptions(screen.getByLabelText('Service'), 'window-cleaning');
    await user.type(screen.getByLabelText(/Message/), 'Fridays suit me');
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    expect(await screen.findByText(REQUEST_FORM_SENT_MESSAGE)).toBeVisible();
    expect(api.calls.find((c) => c.key.startsWith('POST'))?.body).toMatchObject({
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      service: 'window-cleaning',
      propertyType: 'residential',
      message: 'Fridays suit me',
      website: '',
    });
  });

  it('when the business is unknown, then the page says so', async () => {
    mockApi({
      [`GET ${API}`]: () => ({ status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } }),
    });
    render();
    expect(await screen.findByRole('heading', { name: 'Request form not found' })).toBeVisible();
  });
});
