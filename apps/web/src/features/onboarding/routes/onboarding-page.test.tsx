import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { OnboardingPage } from './onboarding-page';

const routes = [
  { path: '/', element: <p>Home screen</p> },
  { path: '/auth', element: <p>Auth screen</p> },
];

const BUSINESS = {
  account_id: 'acc-biz',
  account_name: 'Sparkle Co',
  account_slug: 'sparkle-co',
  role: 'owner',
};

function newUser(stepCompleted = 0, complete = false) {
  return makeMe({
    user: { firstName: null, lastName: null },
    onboarding: { complete, stepCompleted, required: !complete },
    accounts: [{ ...makeMe().accounts[0]!, account_name: 'Personal Account' }],
  });
}

describe('OnboardingPage', () => {
  it('when a new user goes through profile, business and plan, then the business is stored and they land on /', async () => {
    window.localStorage.setItem(STORAGE_KEYS.authSession, '{}');
    let me = newUser();
    const api = mockApi({
      'GET /api/me': () => ({ status: 200, body: me }),
      'PUT /api/onboarding/profile': () => {
        me = { ...newUser(1), user: { ...me.user, firstName: 'Rosa', lastName: 'Diaz' } };
        return { status: 200, body: me.onboarding };
      },
      'PUT /api/onboarding/business': () => {
        // After step 2 the server may already say onboarding is not needed: the page goes on.
        me = { ...me, onboarding: { complete: false, stepCompleted: 2, required: false } };
        return { status: 200, body: { account: BUSINESS, warning: null } };
      },
      'POST /api/onboarding/complete': () => {
        me = { ...me, onboarding: { complete: true, stepCompleted: 3, required: false } };
        return { status: 200, body: me.onboarding };
      },
    });
    const { router } = renderRoute(<OnboardingPage />, { path: '/onboarding', routes });
    const user = userEvent.setup();

    const profile = within(await screen.findByRole('form', { name: 'Your profile' }));
    await user.click(profile.getByRole('button', { name: 'Continue' }));
    expect(await profile.findByText('First name is required.')).toBeInTheDocument();
    await user.type(profile.getByLabelText('First name'), 'Rosa');
    await user.type(profile.getByLabelText('Last name'), 'Diaz');
    await user.click(profile.getByRole('button', { name: 'Continue' }));

    const business = within(await screen.findByRole('form', { name: 'Your business' }));
    expect(screen.getByRole('heading', { name: 'Your business' })).toBeInTheDocument();
    await user.type(business.getByLabelText('Business name'), 'Sparkle Co');
    await user.selectOptions(business.getByLabelText(/Industry/), 'Cleaning');
    await user.type(business.getByLabelText(/Number of employees/), '4');
    await user.type(business.getByLabelText(/Website/), 'sparkle.test');
    await user.click(business.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Free' })).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.selectedAccountId)).toBe('acc-biz');
    await user.click(screen.getByRole('button', { name: 'Start using Crewdesk' }));
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');

    const sent = (key: string) => api.calls.find((c) => c.key === key)?.body;
    expect(sent('PUT /api/onboarding/profile')).toEqual({ firstName: 'Rosa', lastName: 'Diaz' });
    expect(sent('PUT /api/onboarding/business')).toMatchObject({
      businessName: 'Sparkle Co',
      industry: 'Cleaning',
      employeesCount: 4,
      website: 'sparkle.test',
    });
    expect(sent('POST /api/onboarding/complete')).toEqual({ plan: 'Free' });
  });

  it('when the business step opens, then the browser’s time zone is proposed, and the one chosen is sent', async () => {
    window.localStorage.setItem(STORAGE_KEYS.authSession, '{}');
    // A browser in Chicago, whatever zone the tests run in.
    const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...resolved.call(this), timeZone: 'America/Chicago' };
    });
    const api = mockApi({
      'GET /api/me': () => ({ status: 200, body: newUser(1) }),
      'PUT /api/onboarding/business': () => ({
        status: 200,
        body: { account: BUSINESS, warning: null },
      }),
    });
    renderRoute(<OnboardingPage />, { path: '/onboarding', routes });
    const user = userEvent.setup();
    const business = within(await screen.findByRole('form', { name: 'Your business' }));
    const zone = business.getByLabelText('Time zone');
    expect(zone).toHaveValue('America/Chicago');
    await user.type(business.getByLabelText('Business name'), 'Berlin Clean');
    await user.selectOptions(zone, 'Europe/Berlin');
    await user.click(business.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Free' });
    expect(api.calls.find((c) => c.key === 'PUT /api/onboarding/business')?.body).toMatchObject({
      businessName: 'Berlin Clean',
      timeZone: 'Europe/Berlin',
    });
  });

  it('when the details could not be stored, then a warning is shown and onboarding goes on', async () => {
    window.localStorage.setItem(STORAGE_KEYS.authSession, '{}');
    mockApi({
      'GET /api/me': () => ({ status: 200, body: newUser(1) }),
      'PUT /api/onboarding/business': () => ({
        status: 200,
        body: { account: BUSINESS, warning: 'Details were not saved.' },
      }),
    });
    renderRoute(<OnboardingPage />, { path: '/onboarding', routes });
    const user = userEvent.setup();
    const business = within(await screen.findByRole('form', { name: 'Your business' }));
    await user.type(business.getByLabelText('Business name'), 'Sparkle Co');
    await user.click(business.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Details were not saved.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Free' })).toBeInTheDocument();
  });

  it('when the server refuses a step, then its message is shown and the step stays', async () => {
    window.localStorage.setItem(STORAGE_KEYS.authSession, '{}');
    mockApi({
      'GET /api/me': () => ({ status: 200, body: newUser(1) }),
      'PUT /api/onboarding/business': () => ({
        status: 500,
        body: { code: 'INTERNAL', message: 'Something went wrong on our side.' },
      }),
    });
    renderRoute(<OnboardingPage />, { path: '/onboarding', routes });
    const user = userEvent.setup();
    const business = within(await screen.findByRole('form', { name: 'Your business' }));
    await user.type(business.getByLabelText('Business name'), 'Sparkle Co');
    await user.click(business.getByRole('button', { name: 'Continue' }));
    expect(await business.findByRole('alert')).toHaveTextContent(
      'Something went wrong on our side.',
    );
    expect(screen.getByRole('form', { name: 'Your business' })).toBeInTheDocument();
  });

  it('when onboarding is already done, then the user goes home; a visitor goes to /auth', async () => {
    window.localStorage.setItem(STORAGE_KEYS.authSession, '{}');
    mockApi({ 'GET /api/me': () => ({ status: 200, body: newUser(3, true) }) });
    renderRoute(<OnboardingPage />, { path: '/onboarding', routes });
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
  });

  it('when nobody is signed in, then /onboarding asks to sign in first', async () => {
    mockApi({ 'GET /api/auth/get-session': () => ({ status: 200, body: null }) });
    const { router } = renderRoute(<OnboardingPage />, { path: '/onboarding', routes });
    expect(await screen.findByText('Auth screen')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?redirect=%2Fonboarding');
  });
});
