import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { BACKUP_CODES_FILE_NAME, backupCodesText } from './backup-codes';
import { TwoFactorSettings } from './two-factor-settings';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const TOTP_URI = `otpauth://totp/Crewdesk:ada%40example.com?secret=${SECRET}&issuer=Crewdesk&digits=6&period=30`;
const CODES = ['aaaaa-11111', 'bbbbb-22222', 'ccccc-33333'];

function twoFactorApi(initiallyOn: boolean) {
  let on = initiallyOn;
  const api = mockApi({
    'GET /api/auth/get-session': () => ({
      status: 200,
      body: {
        session: { id: 's1', userId: 'user-1' },
        user: { id: 'user-1', twoFactorEnabled: on },
      },
    }),
    'GET /api/me': () => ({ status: 200, body: makeMe() }),
    'POST /api/auth/two-factor/enable': (init) =>
      JSON.parse(String(init?.body)).password === 'right password'
        ? { status: 200, body: { method: 'totp', totpURI: TOTP_URI, backupCodes: CODES } }
        : { status: 400, body: { code: 'INVALID_PASSWORD', message: 'Invalid password' } },
    'POST /api/auth/two-factor/verify-totp': (init) => {
      if (JSON.parse(String(init?.body)).code !== '654321')
        return { status: 401, body: { code: 'INVALID_CODE', message: 'Invalid code' } };
      on = true;
      return { status: 200, body: { token: 't', user: {} } };
    },
    'POST /api/auth/two-factor/disable': () => {
      on = false;
      return { status: 200, body: { status: true } };
    },
    'POST /api/auth/two-factor/generate-backup-codes': () => ({
      status: 200,
      body: { status: true, backupCodes: ['ddddd-44444', 'eeeee-55555'] },
    }),
  });
  return api;
}

async function confirmPassword(
  user: ReturnType<typeof userEvent.setup>,
  name: string,
  password: string,
  button: string,
) {
  const dialog = within(await screen.findByRole('dialog', { name }));
  await user.type(dialog.getByLabelText('Password'), password);
  await user.click(dialog.getByRole('button', { name: button }));
  return dialog;
}

describe('TwoFactorSettings', () => {
  it('when turned on, then the password is asked, the app is connected with a QR code or the key, one code confirms it and the backup codes show once', async () => {
    const api = twoFactorApi(false);
    const user = userEvent.setup();
    renderRoute(<TwoFactorSettings />, { me: makeMe() });
    expect(await screen.findByText('Off')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const dialog = await confirmPassword(
      user,
      'Turn on two-factor authentication',
      'wrong',
      'Continue',
    );
    expect(await dialog.findByRole('alert')).toHaveTextContent('Invalid password');
    await user.clear(dialog.getByLabelText('Password'));
    await user.type(dialog.getByLabelText('Password'), 'right password');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));

    const setup = within(
      await screen.findByRole('region', { name: 'Set up two-factor authentication' }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const qr = await setup.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const key = setup.getByLabelText('Key for manual entry');
    expect(key).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(key).toHaveAttribute('data-secret', SECRET);

    const code = setup.getByLabelText('Code from the app');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '111111');
    await user.click(setup.getByRole('button', { name: 'Verify and turn on' }));
    expect(await setup.findByRole('alert')).toHaveTextContent('Invalid code');
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(setup.getByRole('button', { name: 'Verify and turn on' }));

    expect(await screen.findByText('Two-factor authentication is on')).toBeInTheDocument();
    const codes = within(screen.getByRole('region', { name: 'Your backup codes' }));
    expect(codes.getByText(/Save these backup codes now\./)).toBeInTheDocument();
    expect(codes.getAllByRole('listitem').map((li) => li.textContent)).toEqual(CODES);
    expect(api.calls.filter((c) => c.key.startsWith('POST')).map((c) => [c.key, c.body])).toEqual([
      ['POST /api/auth/two-factor/enable', { password: 'wrong' }],
      ['POST /api/auth/two-factor/enable', { password: 'right password' }],
      ['POST /api/auth/two-factor/verify-totp', { code: '111111' }],
      ['POST /api/auth/two-factor/verify-totp', { code: '654321' }],
    ]);

    await user.click(codes.getByRole('button', { name: 'I have saved my codes' }));
    expect(await screen.findByText('On')).toBeInTheDocument();
    expect(screen.queryByText('aaaaa-11111')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New backup codes' })).toBeInTheDocument();
  });

  it('when enrolment is cancelled, then it stays off', async () => {
    twoFactorApi(false);
    const user = userEvent.setup();
    renderRoute(<TwoFactorSettings />, { me: makeMe() });
    await user.click(await screen.findByRole('button', { name: 'Turn on' }));
    await confirmPassword(user, 'Turn on two-factor authentication', 'right password', 'Continue');
    const setup = within(
      await screen.findByRole('region', { name: 'Set up two-factor authentication' }),
    );
    await user.click(setup.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Off')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn on' })).toBeInTheDocument();
  });

  it('when on, then new backup codes can be made with the password, and it can be turned off', async () => {
    const api = twoFactorApi(true);
    const user = userEvent.setup();
    renderRoute(<TwoFactorSettings />, { me: makeMe() });
    expect(await screen.findByText('On')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New backup codes' }));
    await confirmPassword(user, 'New backup codes', 'right password', 'Create new codes');
    const codes = within(await screen.findByRole('region', { name: 'Your backup codes' }));
    expect(codes.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'ddddd-44444',
      'eeeee-55555',
    ]);

    // Download as a text file.
    const createObjectURL = vi.fn(() => 'blob:codes');
    const jsdomUrl = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(codes.getByRole('button', { name: 'Download .txt' }));
    Object.assign(URL, { createObjectURL: jsdomUrl.create, revokeObjectURL: jsdomUrl.revoke });
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe(
      BACKUP_CODES_FILE_NAME,
    );
    await user.click(codes.getByRole('button', { name: 'I have saved my codes' }));

    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await confirmPassword(user, 'Turn off two-factor authentication', 'right password', 'Turn off');
    expect(await screen.findByText('Two-factor authentication is off')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Turn on' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.key.startsWith('POST')).map((c) => [c.key, c.body])).toEqual([
      ['POST /api/auth/two-factor/generate-backup-codes', { password: 'right password' }],
      ['POST /api/auth/two-factor/disable', { password: 'right password' }],
    ]);
  });

  it('the downloaded file names the account and lists every code', () => {
    const text = backupCodesText(CODES, 'ada@example.com');
    expect(text).toContain('Crewdesk backup codes for ada@example.com');
    for (const code of CODES) expect(text).toContain(`\n${code}\n`);
  });
});
