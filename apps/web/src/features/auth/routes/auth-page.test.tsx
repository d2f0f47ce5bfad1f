import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { makeMe, mockApi, OWNED_ACCOUNT, renderRoute } from '@/test/utils';
import { AuthPage } from './auth-page';

const visitorApi = {
  'GET /api/auth/get-session': () => ({ status: 200, body: null }),
};

const routes = [
  { path: '/', element: <p>Home screen</p> },
  { path: '/jobs', element: <p>Jobs screen</p> },
];

async function openSignUp() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: 'Create account' }));
  return { user, form: within(screen.getByRole('form', { name: 'Create account' })) };
}

describe('AuthPage', () => {
  it('when sign-up is submitted empty, then the domain’s messages show and nothing is sent', async () => {
    const api = mockApi(visitorApi);
    renderRoute(<AuthPage />, { path: '/auth', routes });
    const { user, form } = await openSignUp();

    await user.click(form.getByRole('button', { name: 'Create account' }));

    expect(
      await form.findByText('You must provide either an email or phone number and a password'),
    ).toBeInTheDocument();

    // With both given, the field rules speak.
    await user.type(form.getByLabelText('Email'), 'not-an-email');
    await user.type(form.getByLabelText('Password'), 'short');
    await user.click(form.getByRole('button', { name: 'Create account' }));
    expect(await form.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(form.getByText('Password must be at least 8 characters.')).toBeInTheDocument();
    expect(form.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.map((c) => c.key)).toEqual(['GET /api/auth/get-session']);
  });

  it('when sign-up succeeds, then the account is created with a display name and the page asks to confirm the e-mail', async () => {
    const api = mockApi({
      ...visitorApi,
      'POST /api/auth/sign-up/email': () => ({
        status: 200,
        body: { token: null, user: { id: 'u1' } },
      }),
      'POST /api/auth/send-verification-email': () => ({ status: 200, body: { status: true } }),
    });
    renderRoute(<AuthPage />, { path: '/auth?redirect=%2Fjobs', routes });
    const { user, form } = await openSignUp();

    await user.type(form.getByLabelText(/First name/), 'Ada');
    await user.type(form.getByLabelText(/Last name/), 'Lovelace');
    await user.type(form.getByLabelText(/Business name/), 'Sparkle Cleaning');
    await user.type(form.getByLabelText('Email'), 'ada@example.com');
    await user.type(form.getByLabelText('Password'), 'long enough');
    await user.click(form.getByRole('button', { name: 'Create account' }));

    expect(
      await screen.findByRole('heading', { name: 'Confirm your e-mail address' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/We sent a confirmation link to ada@example.com/)).toBeInTheDocument();
    expect(api.calls.find((c) => c.key === 'POST /api/auth/sign-up/email')?.body).toEqual({
      email: 'ada@example.com',
      password: 'long enough',
      name: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
      businessName: 'Sparkle Cleaning',
    });

    // No mail? A new link for the same address.
    const resend = within(screen.getByRole('form', { name: 'Send a new confirmation link' }));
    expect(resend.getByLabelText('Email')).toHaveValue('ada@example.com');
    await user.click(resend.getByRole('button', { name: 'Send a new link' }));
    expect(
      await screen.findByText(/If ada@example.com has an account waiting/),
    ).toBeInTheDocument();
    expect(api.calls.find((c) => c.key === 'POST /api/auth/send-verification-email')?.body).toEqual(
      { email: 'ada@example.com' },
    );
  });

  it('when someone signs up with a phone number, then the texted code confirms it and signs them in', async () => {
    let signedIn = false;
    const api = mockApi({
      'GET /api/auth/get-session': () => ({
        status: 200,
        body: signedIn ? { session: {}, user: {} } : null,
      }),
      'POST /api/phone-sign-up': () => ({ status: 200, body: { status: 'code-sent' } }),
      'POST /api/auth/phone-number/verify': () => {
        signedIn = true;
        return { status: 200, body: { status: true, token: 't' } };
      },
      'GET /api/me': () => ({ status: 200, body: makeMe() }),
    });
    const { router } = renderRoute(<AuthPage />, { path: '/auth', routes });
    const { user, form } = await openSignUp();
    await user.click(form.getByRole('button', { name: 'Phone' }));
    expect(form.getByRole('button', { name: 'Phone' })).toHaveAttribute('aria-pressed', 'true');
    await user.type(form.getByLabelText('Phone'), '12');
    await user.type(form.getByLabelText('Password'), 'long enough');
    await user.click(form.getByRole('button', { name: 'Create account' }));
    expect(await form.findByText('Please enter a valid phone number.')).toBeInTheDocument();
    await user.clear(form.getByLabelText('Phone'));
    await user.type(form.getByLabelText('Phone'), '+1 (555) 010-0199');
    await user.click(form.getByRole('button', { name: 'Create account' }));

    const step = within(await screen.findByRole('form', { name: 'Confirm your phone' }));
    expect(step.getByText('+15550100199')).toBeInTheDocument();
    await user.type(step.getByLabelText('Code from the text message'), '123456');
    await user.click(step.getByRole('button', { name: 'Confirm and sign in' }));
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(api.calls.find((c) => c.key === 'POST /api/phone-sign-up')?.body).toMatchObject({
      phoneNumber: '+15550100199',
      password: 'long enough',
    });
    expect(api.calls.find((c) => c.key === 'POST /api/auth/phone-number/verify')?.body).toEqual({
      phoneNumber: '+15550100199',
      code: '123456',
    });
  });

  it('when a phone number is typed to sign in, then it signs in by number', async () => {
    let signedIn = false;
    const api = mockApi({
      'GET /api/auth/get-session': () => ({
        status: 200,
        body: signedIn ? { session: {}, user: {} } : null,
      }),
      'POST /api/auth/sign-in/phone-number': () => {
        signedIn = true;
        return { status: 200, body: { token: 't' } };
      },
      'GET /api/me': () => ({ status: 200, body: makeMe() }),
    });
    renderRoute(<AuthPage />, { path: '/auth', routes });
    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: 'Sign in' }));
    await user.type(form.getByLabelText('Email or phone'), '555.010.0199');
    await user.type(form.getByLabelText('Password'), 'long enough');
    await user.click(form.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(api.calls.find((c) => c.key === 'POST /api/auth/sign-in/phone-number')?.body).toEqual({
      phoneNumber: '5550100199',
      password: 'long enough',
    });
  });

  it('when someone signs in on a device that last held their own business, then they land in the business they last worked in', async () => {
    const workplace = {
      ...OWNED_ACCOUNT,
      account_id: '22222222-2222-4222-8222-222222222222',
      account_name: 'Spotless Co',
      account_slug: 'spotless-co',
      role: 'sales_person' as const,
    };
    // An earlier session on this device chose the person's own (empty) business.
    localStorage.setItem(STORAGE_KEYS.selectedAccountId, OWNED_ACCOUNT.account_id);
    let signedIn = false;
    mockApi({
      'GET /api/auth/get-session': () => ({
        status: 200,
        body: signedIn ? { session: {}, user: {} } : null,
      }),
      'POST /api/auth/sign-in/email': () => {
        signedIn = true;
        return { status: 200, body: { token: 't' } };
      },
      // The server starts the session where the person last worked.
      'GET /api/me': () => ({
        status: 200,
        body: makeMe({
          accounts: [OWNED_ACCOUNT, workplace],
          activeAccountId: workplace.account_id,
          role: 'sales_person',
        }),
      }),
    });
    renderRoute(<AuthPage />, { path: '/auth', routes });
    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: 'Sign in' }));
    await user.type(form.getByLabelText('Email or phone'), 'sam@example.com');
    await user.type(form.getByLabelText('Password'), 'long enough');
    await user.click(form.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.selectedAccountId)).toBe(workplace.account_id);
  });

  it('when the password is right but the address is not confirmed, then the page offers a new link', async () => {
    mockApi({
      ...visitorApi,
      'POST /api/auth/sign-in/email': () => ({
        status: 403,
        body: { code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' },
      }),
    });
    renderRoute(<AuthPage />, { path: '/auth', routes });
    const user = userEvent.setup();
    const form = within(await screen.findByRole('form', { name: 'Sign in' }));
    await user.type(form.getByLabelText('Email or phone'), 'new@example.com');
    await user.type(form.getByLabelText('Password'), 'long enough');
    await user.click(form.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText(/Confirm new@example.com before signing in/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a new link' })).toBeInTheDocument();
  });

  it('when the auth gate sends an unconfirmed user with the needs-verification flag, then the page says why', async () => {
    mockApi(visitorApi);
    renderRoute(<AuthPage />, { path: '/auth?needsVerification=true', routes });
    expect(
      await screen.findByText(/Confirm your e-mail address before signing in/),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('when the confirmation link is followed, then the token is confirmed and the user goes on signed in', async () => {
    let confirmed = false;
    const api = mockApi({
      'GET /api/auth/get-session': () => ({
        status: 200,
        body: confirmed ? { session: {}, user: {} } : null,
      }),
      'GET /api/auth/verify-email?token=tok%2B1': () => {
        confirmed = true;
        return { status: 200, body: { status: true, user: { id: 'u1' } } };
      },
      'GET /api/me': () => ({ status: 200, body: makeMe() }),
    });
    const { router } = renderRoute(<AuthPage />, { path: '/auth/confirm?token=tok%2B1', routes });
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(api.calls.filter((c) => c.key.startsWith('GET /api/auth/verify-email'))).toHaveLength(1);
  });

  it('when the confirmation link is expired, then it says so and offers a new one', async () => {
    mockApi({
      ...visitorApi,
      'GET /api/auth/verify-email?token=old': () => ({
        status: 401,
        body: { code: 'TOKEN_EXPIRED', message: 'Token expired' },
      }),
    });
    renderRoute(<AuthPage />, { path: '/auth/confirm?token=old', routes });
    expect(
      await screen.findByText(
        'This confirmation link is invalid or has expired. Ask for a new one below.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a new link' })).toBeInTheDocument();
  });

  it('when sign-up has no names, then the e-mail’s local part is the display name', async () => {
    const api = mockApi({
      ...visitorApi,
      'POST /api/auth/sign-up/email': () => ({
        status: 422,
        body: { code: 'USER_ALREADY_EXISTS', message: 'User already exists' },
      }),
    });
    renderRoute(<AuthPage />, { path: '/auth', routes });
    const { user, form } = await openSignUp();
    await user.type(form.getByLabelText('Email'), 'grace@example.com');
    await user.type(form.getByLabelText('Password'), 'long enough');
    await user.click(form.getByRole('button', { name: 'Create account' }));

    expect(await form.findByRole('alert')).toHaveTextContent('User already exists');
    expect(api.calls.find((c) => c.key === 'POST /api/auth/sign-up/email')?.body).toMatchObject({
      name: 'grace',
    });
  });

  it('when the server refuses the sign-up password as weak, then every reason is listed', async () => {
    const reasons = [
      'This password is one of the most commonly used passwords. Choose one that is harder to guess.',
    ];
    mockApi({
      ...visitorApi,
      'POST /api/auth/sign-up/email': () => ({
        status: 400,
        body: { code: 'weak_password', message: reasons.join(' '), reasons },
      }),
    });
    renderRoute(<AuthPage />, { path: '/auth', routes });
    const { user, form } = await openSignUp();
    await user.type(form.getByLabelText('Email'), 'grace@example.com');
    await user.type(form.getByLabelText('Password'), 'password');
    await user.click(form.getByRole('button', { name: 'Create account' }));

    const alert = await form.findByRole('alert');
    expect(alert).toHaveTextContent('This password cannot be used:');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(reasons);
  });

  it('when sign-in is submitted without a password, then the spec’s credentials message shows', async () => {
    const api = mockApi(visitorApi);
    const user = userEvent.setup();
    renderRoute(<AuthPage />, { path: '/auth', routes });
    const form = within(await screen.findByRole('form', { name: 'Sign in' }));
    await user.type(form.getByLabelText('Email or phone'), 'ada@example.com');
    await user.click(form.getByRole('button', { name: 'Sign in' }));

    expect(await form.findByRole('alert')).toHaveTextContent(
      'You must provide either an email or phone number and a password',
    );
    expect(api.calls).toHaveLength(1);
  });

  it('when the server refuses the credentials, then its message shows', async () => {
    mockApi({
      ...visitorApi,
      'POST /api/auth/sign-in/email': () => ({
        status: 401,
        body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<AuthPage />, { path: '/auth', routes });
    const form = within(await screen.findByRole('form', { name: 'Sign in' }));
    await user.type(form.getByLabelText('Email or phone'), 'ada@example.com');
    await user.type(form.getByLabelText('Password'), 'wrong password');
    await user.click(form.getByRole('button', { name: 'Sign in' }));

    expect(await form.findByRole('alert')).toHaveTextContent('Invalid email or password');
  });

  it('when sign-in is limited, then the wait in seconds shows', async () => {
    mockApi({
      ...visitorApi,
      'POST /api/auth/sign-in/email': () => ({
        status: 429,
        body: { message: 'Too many requests. Please try again later.' },
        headers: { 'Retry-After': '58' },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<AuthPage />, { path: '/auth', routes });
    const form = within(await screen.findByRole('form', { name: 'Sign in' }));
    await user.type(form.getByLabelText('Email or phone'), 'ada@example.com');
    await user.type(form.getByLabelText('Password'), 'any password');
    await user.click(form.getByRole('button', { name: 'Sign in' }));

    expect(await form.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Try again in 58 seconds.',
    );
  });

  it('when a signed-in user opens /auth, then they go to /', async () => {
    window.localStorage.setItem('crewdesk.auth.session', '{}');
    mockApi({ 'GET /api/me': () => ({ status: 200, body: makeMe() }) });
    renderRoute(<AuthPage />, { path: '/auth', routes });
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
  });

  it('when /auth/confirm has no token, then it says so honestly', async () => {
    mockApi(visitorApi);
    renderRoute(<AuthPage />, { path: '/auth/confirm', routes });
    expect(
      await screen.findByText(
        'This confirmation link is incomplete. Open the link from the e-mail again, or sign in.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('when the return path points off-site, then it is ignored', async () => {
    window.localStorage.setItem('crewdesk.auth.session', '{}');
    mockApi({ 'GET /api/me': () => ({ status: 200, body: makeMe() }) });
    const { router } = renderRoute(<AuthPage />, {
      path: '/auth?redirect=%2F%2Fevil.example',
      routes,
    });
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  describe('two-factor step', () => {
    function twoFactorApi(extra: Record<string, Parameters<typeof mockApi>[0][string]>) {
      let signedIn = false;
      const api = mockApi({
        'GET /api/auth/get-session': () => ({
          status: 200,
          body: signedIn ? { session: {}, user: {} } : null,
        }),
        'POST /api/auth/sign-in/email': () => ({
          status: 200,
          body: { twoFactorRedirect: true, twoFactorMethods: ['totp'] },
        }),
        'GET /api/me': () => ({ status: 200, body: makeMe() }),
        ...Object.fromEntries(
          Object.entries(extra).map(([key, handler]) => [
            key,
            (init: RequestInit | undefined) => {
              const answer = handler(init);
              if (answer.status === 200) signedIn = true;
              return answer;
            },
          ]),
        ),
      });
      return api;
    }

    async function signInWithPassword() {
      const user = userEvent.setup();
      const form = within(await screen.findByRole('form', { name: 'Sign in' }));
      await user.type(form.getByLabelText('Email or phone'), 'ada@example.com');
      await user.type(form.getByLabelText('Password'), 'correct horse');
      await user.click(form.getByRole('button', { name: 'Sign in' }));
      await screen.findByRole('heading', { level: 1, name: 'Two-factor authentication' });
      return {
        user,
        step: within(screen.getByRole('form', { name: 'Two-factor authentication' })),
      };
    }

    it('when the password is right and the account has two-factor sign-in, then a code is asked for before going on', async () => {
      let attempt = 0;
      const api = twoFactorApi({
        'POST /api/auth/two-factor/verify-totp': () => {
          attempt += 1;
          return attempt === 1
            ? { status: 401, body: { code: 'INVALID_CODE', message: 'Invalid code' } }
            : { status: 200, body: { token: 't', user: {} } };
        },
      });
      const { router } = renderRoute(<AuthPage />, { path: '/auth?redirect=%2Fjobs', routes });
      const { user, step } = await signInWithPassword();

      // No session yet: nothing but the password step has been asked of the server.
      expect(api.calls.map((c) => c.key)).toEqual([
        'GET /api/auth/get-session',
        'POST /api/auth/sign-in/email',
      ]);
      const code = step.getByLabelText('Authentication code');
      expect(code).toHaveAttribute('inputmode', 'numeric');
      expect(code).toHaveAttribute('autocomplete', 'one-time-code');

      await user.click(step.getByRole('button', { name: 'Verify' }));
      expect(await step.findByRole('alert')).toHaveTextContent(
        'Enter the 6-digit code from your authenticator app.',
      );

      await user.type(code, '123 456');
      expect(code).toHaveValue('123456');
      await user.click(step.getByRole('button', { name: 'Verify' }));
      expect(await step.findByRole('alert')).toHaveTextContent('Invalid code');

      await user.click(step.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByText('Jobs screen')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/jobs');
      expect(
        api.calls
          .filter((c) => c.key === 'POST /api/auth/two-factor/verify-totp')
          .map((c) => c.body),
      ).toEqual([{ code: '123456' }, { code: '123456' }]);
    });

    it('when a backup code is used instead, then it is sent to the backup-code check', async () => {
      const api = twoFactorApi({
        'POST /api/auth/two-factor/verify-backup-code': (init) =>
          JSON.parse(String(init?.body)).code === 'abcde-12345'
            ? { status: 200, body: { token: 't', user: {} } }
            : {
                status: 401,
                body: { code: 'INVALID_BACKUP_CODE', message: 'Invalid backup code' },
              },
      });
      renderRoute(<AuthPage />, { path: '/auth', routes });
      const { user, step } = await signInWithPassword();

      await user.click(step.getByRole('button', { name: 'Use a backup code instead' }));
      await user.type(step.getByLabelText('Backup code'), 'wrong-code');
      await user.click(step.getByRole('button', { name: 'Verify' }));
      expect(await step.findByRole('alert')).toHaveTextContent('Invalid backup code');

      await user.clear(step.getByLabelText('Backup code'));
      await user.type(step.getByLabelText('Backup code'), ' abcde-12345 ');
      await user.click(step.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByText('Home screen')).toBeInTheDocument();
      expect(
        api.calls
          .filter((c) => c.key === 'POST /api/auth/two-factor/verify-backup-code')
          .map((c) => c.body),
      ).toEqual([{ code: 'wrong-code' }, { code: 'abcde-12345' }]);
    });

    it('when the two-factor sign-in has expired, then it says to enter the password again, and Back returns to it', async () => {
      twoFactorApi({
        'POST /api/auth/two-factor/verify-totp': () => ({
          status: 401,
          body: { code: 'INVALID_TWO_FACTOR_COOKIE', message: 'Invalid two factor cookie' },
        }),
      });
      renderRoute(<AuthPage />, { path: '/auth', routes });
      const { user, step } = await signInWithPassword();
      await user.type(step.getByLabelText('Authentication code'), '123456');
      await user.click(step.getByRole('button', { name: 'Verify' }));
      expect(await step.findByRole('alert')).toHaveTextContent(
        'Invalid two factor cookie. This sign-in has expired: go back and enter your password again.',
      );

      await user.click(step.getByRole('button', { name: 'Back to sign in' }));
      expect(screen.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    });
  });
});
