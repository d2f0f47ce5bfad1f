import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { AuthPage } from '../routes/auth-page';

const routes = [
  { path: '/', element: <p>Home screen</p> },
  { path: '/jobs', element: <p>Jobs screen</p> },
];

type Handlers = Parameters<typeof mockApi>[0];

/** A visitor until the code is accepted; then /api/me knows them. */
function codeApi(signInAnswers: ReturnType<Handlers[string]>[], extra: Handlers = {}) {
  let signedIn = false;
  let attempt = 0;
  return mockApi({
    'GET /api/auth/get-session': () => ({
      status: 200,
      body: signedIn ? { session: {}, user: {} } : null,
    }),
    'POST /api/auth/email-otp/send-verification-otp': () => ({
      status: 200,
      body: { success: true },
    }),
    'POST /api/auth/sign-in/email-otp': () => {
      const answer = signInAnswers[Math.min(attempt, signInAnswers.length - 1)]!;
      attempt += 1;
      if (answer.status === 200) signedIn = true;
      return answer;
    },
    'GET /api/me': () => ({ status: 200, body: makeMe() }),
    ...extra,
  });
}

async function requestCode(email: string) {
  const user = userEvent.setup();
  await screen.findByRole('form', { name: 'Sign in' });
  await user.click(screen.getByRole('button', { name: 'Email me a sign-in code' }));
  await screen.findByRole('heading', { level: 1, name: 'Sign in with a code' });
  const form = within(await screen.findByRole('form', { name: 'Email me a sign-in code' }));
  await user.clear(form.getByLabelText('Email'));
  await user.type(form.getByLabelText('Email'), email);
  await user.click(form.getByRole('button', { name: 'Send code' }));
  return { user, step: within(await screen.findByRole('form', { name: 'Sign in with a code' })) };
}

describe('Sign in with a code sent by e-mail', () => {
  it('when the right code is entered after a wrong one, then the user is signed in and goes to the return path', async () => {
    const api = codeApi([
      { status: 400, body: { code: 'INVALID_OTP', message: 'Invalid OTP' } },
      { status: 200, body: { token: 't', user: {} } },
    ]);
    const { router } = renderRoute(<AuthPage />, { path: '/auth?redirect=%2Fjobs', routes });
    const { user, step } = await requestCode('ada@example.com');

    expect(
      step.getByText(
        (_, element) =>
          element?.getAttribute('role') === 'status' &&
          element.textContent ===
            'If an account exists for ada@example.com, we have sent it a 6-digit sign-in code. It works for 10 minutes.',
      ),
    ).toBeInTheDocument();
    const code = step.getByLabelText('Sign-in code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');

    await user.click(step.getByRole('button', { name: 'Sign in' }));
    expect(await step.findByRole('alert')).toHaveTextContent(
      'Enter the 6-digit code from the e-mail.',
    );

    await user.type(code, '111 111');
    await user.click(step.getByRole('button', { name: 'Sign in' }));
    expect(await step.findByRole('alert')).toHaveTextContent('Invalid OTP');

    await user.clear(code);
    await user.type(code, '246810');
    await user.click(step.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Jobs screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/jobs');
    expect(
      api.calls.filter((c) => c.key.startsWith('POST')).map((c) => ({ key: c.key, body: c.body })),
    ).toEqual([
      {
        key: 'POST /api/auth/email-otp/send-verification-otp',
        body: { email: 'ada@example.com', type: 'sign-in' },
      },
      {
        key: 'POST /api/auth/sign-in/email-otp',
        body: { email: 'ada@example.com', otp: '111111' },
      },
      {
        key: 'POST /api/auth/sign-in/email-otp',
        body: { email: 'ada@example.com', otp: '246810' },
      },
    ]);
  });

  it('when the code has expired, then the server’s message says to send a new one, and "Send a new code" does', async () => {
    const api = codeApi([{ status: 400, body: { code: 'OTP_EXPIRED', message: 'OTP expired' } }]);
    renderRoute(<AuthPage />, { path: '/auth', routes });
    const { user, step } = await requestCode('ada@example.com');

    await user.type(step.getByLabelText('Sign-in code'), '123456');
    await user.click(step.getByRole('button', { name: 'Sign in' }));
    expect(await step.findByRole('alert')).toHaveTextContent(
      'OTP expired. Send a new code and try again.',
    );

    await user.click(step.getByRole('button', { name: 'Send a new code' }));
    expect(
      await step.findByText(
        (_, element) =>
          element?.getAttribute('role') === 'status' &&
          element.textContent ===
            'A new code is on its way to ada@example.com. The earlier one no longer works.',
      ),
    ).toBeInTheDocument();
    expect(step.queryByRole('alert')).toBeNull();
    expect(step.getByLabelText('Sign-in code')).toHaveValue('');
    expect(
      api.calls.filter((c) => c.key === 'POST /api/auth/email-otp/send-verification-otp'),
    ).toHaveLength(2);
  });

  it('when the code request is limited, then the wait in seconds shows', async () => {
    codeApi([], {
      'POST /api/auth/email-otp/send-verification-otp': () => ({
        status: 429,
        body: { message: 'Too many requests. Please try again later.' },
        headers: { 'Retry-After': '12' },
      }),
    });
    renderRoute(<AuthPage />, { path: '/auth', routes });
    const user = userEvent.setup();
    await screen.findByRole('form', { name: 'Sign in' });
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in code' }));
    const form = within(await screen.findByRole('form', { name: 'Email me a sign-in code' }));
    await user.type(form.getByLabelText('Email'), 'ada@example.com');
    await user.click(form.getByRole('button', { name: 'Send code' }));

    expect(await form.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Try again in 12 seconds.',
    );
    expect(screen.queryByRole('form', { name: 'Sign in with a code' })).toBeNull();
  });

  it('when no e-mail is given, then the domain’s e-mail message shows and no code is asked for', async () => {
    const api = codeApi([]);
    renderRoute(<AuthPage />, { path: '/auth', routes });
    const user = userEvent.setup();
    await screen.findByRole('form', { name: 'Sign in' });
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in code' }));
    const form = within(await screen.findByRole('form', { name: 'Email me a sign-in code' }));
    await user.click(form.getByRole('button', { name: 'Send code' }));

    expect(await form.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(api.calls.map((c) => c.key)).toEqual(['GET /api/auth/get-session']);
  });

  it('when too many wrong codes were tried, then it says a new code is needed; Back returns to the password form', async () => {
    codeApi([{ status: 403, body: { code: 'TOO_MANY_ATTEMPTS', message: 'Too many attempts' } }]);
    renderRoute(<AuthPage />, { path: '/auth', routes });
    const { user, step } = await requestCode('ada@example.com');
    await user.type(step.getByLabelText('Sign-in code'), '123456');
    await user.click(step.getByRole('button', { name: 'Sign in' }));
    expect(await step.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Send a new code and try again.',
    );

    await user.click(step.getByRole('button', { name: 'Back to sign in' }));
    const signIn = within(screen.getByRole('form', { name: 'Sign in' }));
    expect(signIn.getByLabelText('Email or phone')).toHaveValue('ada@example.com');
  });
});
