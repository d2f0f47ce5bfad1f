import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoute } from '@/test/utils';
import { AuthPage } from '../routes/auth-page';

const visitorApi = {
  'GET /api/auth/get-session': () => ({ status: 200, body: null }),
};

async function openForgotPassword(typedEmail?: string) {
  const user = userEvent.setup();
  const signIn = within(await screen.findByRole('form', { name: 'Sign in' }));
  if (typedEmail) await user.type(signIn.getByLabelText('Email or phone'), typedEmail);
  await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
  await screen.findByRole('heading', { level: 1, name: 'Reset your password' });
  return { user, step: within(await screen.findByRole('form', { name: 'Reset password' })) };
}

describe('Forgot password', () => {
  it('when asked with the e-mail typed on the sign-in form, then the link is requested for the reset page and the same answer shows for any e-mail', async () => {
    const api = mockApi({
      ...visitorApi,
      'POST /api/auth/request-password-reset': () => ({
        status: 200,
        body: { status: true, message: 'If this email exists in our system, check your email' },
      }),
    });
    renderRoute(<AuthPage />, { path: '/auth' });
    const { user, step } = await openForgotPassword('ada@example.com');

    expect(step.getByLabelText('Email')).toHaveValue('ada@example.com');
    await user.click(step.getByRole('button', { name: 'Send reset link' }));

    expect(
      await screen.findByText(
        (_, element) =>
          element?.getAttribute('role') === 'status' &&
          element.textContent ===
            'If an account exists for ada@example.com, we have sent a link to reset the password. It works for one hour.',
      ),
    ).toBeInTheDocument();
    expect(api.calls.at(-1)).toEqual({
      key: 'POST /api/auth/request-password-reset',
      body: { email: 'ada@example.com', redirectTo: '/auth/reset-password' },
    });

    // Back to sign in keeps the e-mail.
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    const signIn = within(screen.getByRole('form', { name: 'Sign in' }));
    expect(signIn.getByLabelText('Email or phone')).toHaveValue('ada@example.com');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
  });

  it('when the e-mail is missing or not an e-mail, then the domain’s message shows and nothing is sent', async () => {
    const api = mockApi(visitorApi);
    renderRoute(<AuthPage />, { path: '/auth' });
    const { user, step } = await openForgotPassword();

    await user.click(step.getByRole('button', { name: 'Send reset link' }));
    expect(await step.findByText('Please enter a valid email address.')).toBeInTheDocument();
    await user.type(step.getByLabelText('Email'), 'not-an-email');
    await user.click(step.getByRole('button', { name: 'Send reset link' }));
    expect(step.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.map((c) => c.key)).toEqual(['GET /api/auth/get-session']);
  });

  it('when the sign-in limiter answers 429, then the wait in seconds shows', async () => {
    mockApi({
      ...visitorApi,
      'POST /api/auth/request-password-reset': () => ({
        status: 429,
        body: { message: 'Too many requests. Please try again later.' },
        headers: { 'Retry-After': '42' },
      }),
    });
    renderRoute(<AuthPage />, { path: '/auth' });
    const { user, step } = await openForgotPassword();
    await user.type(step.getByLabelText('Email'), ' ada@example.com ');
    await user.click(step.getByRole('button', { name: 'Send reset link' }));

    expect(await step.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Try again in 42 seconds.',
    );
  });

  it('when /auth is opened with ?step=forgot-password, then the step shows at once', async () => {
    mockApi(visitorApi);
    renderRoute(<AuthPage />, { path: '/auth?step=forgot-password' });
    expect(await screen.findByRole('form', { name: 'Reset password' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  });

  it('when a phone user resets by text message, then the code and new password are sent and sign-in says the password changed', async () => {
    const api = mockApi({
      ...visitorApi,
      'POST /api/auth/phone-number/request-password-reset': () => ({
        status: 200,
        body: { status: true },
      }),
      'POST /api/auth/phone-number/reset-password': () => ({ status: 200, body: { status: true } }),
    });
    renderRoute(<AuthPage />, { path: '/auth' });
    await openForgotPassword();
    const user = userEvent.setup();
    await user.click(
      screen.getByRole('button', { name: 'Signed up with a phone number? Reset by text message' }),
    );
    const numberForm = within(
      await screen.findByRole('form', { name: 'Reset password by text message' }),
    );
    await user.type(numberForm.getByLabelText('Phone'), '12');
    await user.click(numberForm.getByRole('button', { name: 'Text me a code' }));
    expect(await numberForm.findByText('Please enter a valid phone number.')).toBeInTheDocument();
    await user.clear(numberForm.getByLabelText('Phone'));
    await user.type(numberForm.getByLabelText('Phone'), '+1 555 010 0199');
    await user.click(numberForm.getByRole('button', { name: 'Text me a code' }));

    const resetForm = within(await screen.findByRole('form', { name: 'Choose a new password' }));
    await user.type(resetForm.getByLabelText('Code from the text message'), '654321');
    await user.type(resetForm.getByLabelText('New password'), 'a brand new passphrase');
    await user.type(resetForm.getByLabelText('Repeat the new password'), 'a brand new passphrase');
    await user.click(resetForm.getByRole('button', { name: 'Save new password' }));

    expect(
      await screen.findByText('Your password was changed. Sign in with the new one.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    expect(
      api.calls.find((c) => c.key === 'POST /api/auth/phone-number/request-password-reset')?.body,
    ).toEqual({ phoneNumber: '+15550100199' });
    expect(
      api.calls.find((c) => c.key === 'POST /api/auth/phone-number/reset-password')?.body,
    ).toEqual({
      phoneNumber: '+15550100199',
      otp: '654321',
      newPassword: 'a brand new passphrase',
    });
  });
});
