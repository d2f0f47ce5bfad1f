import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import type { InvoiceSettings } from '@crewdesk/domain';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { InvoiceSettingsSection } from './invoice-settings-section';

afterEach(() => {
  toast.dismiss();
});

const SETTINGS: InvoiceSettings = {
  prefix: 'INV-',
  defaultPaymentTerms: 'net_30',
  defaultTaxRateBasisPoints: 825,
  defaultTerms: 'Thank you.',
  paymentInstructions: '',
  remindersEnabled: true,
  reminderOffsets: [3, 7],
  nextNumber: 42,
  onlinePaymentsEnabled: false,
};

describe('InvoiceSettingsSection', () => {
  it('shows the settings, and Save sends them as the domain reads them', async () => {
    const api = mockApi({
      'GET /api/invoice-settings': () => ({ status: 200, body: SETTINGS }),
      'PUT /api/invoice-settings': () => ({
        status: 200,
        body: { ...SETTINGS, prefix: 'A-', reminderOffsets: [-2, 5] },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<InvoiceSettingsSection />, { me: makeMe() });
    const form = await screen.findByRole('form', { name: 'Invoice settings' });
    expect(within(form).getByLabelText('Next number')).toHaveValue('INV-0042');
    expect(within(form).getByLabelText('Default tax rate %')).toHaveValue('8.25');
    expect(within(form).getByLabelText('Reminder days')).toHaveValue('3, 7');
    expect(within(form).getByLabelText('Reminder days')).toHaveAccessibleDescription(
      /Days after the due date; use a negative number for a reminder before it/,
    );
    expect(form).toHaveTextContent('Online payments: off');
    expect(form).toHaveTextContent('set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET on the server');

    await user.clear(within(form).getByLabelText('Number prefix'));
    await user.type(within(form).getByLabelText('Number prefix'), 'A-');
    expect(within(form).getByLabelText('Next number')).toHaveValue('A-0042');
    await user.selectOptions(within(form).getByLabelText('Default payment terms'), 'net_15');
    await user.clear(within(form).getByLabelText('Default tax rate %'));
    await user.type(within(form).getByLabelText('Default tax rate %'), '7.5');
    await user.clear(within(form).getByLabelText('Reminder days'));
    await user.type(within(form).getByLabelText('Reminder days'), '-2, 5');
    await user.type(within(form).getByLabelText(/^Payment instructions/), 'Checks to Sparkle');
    await user.click(within(form).getByRole('button', { name: 'Save invoice settings' }));

    expect(await screen.findByText('Invoice settings saved')).toBeInTheDocument();
    expect(api.calls.find((c) => c.key === 'PUT /api/invoice-settings')?.body).toEqual({
      prefix: 'A-',
      defaultPaymentTerms: 'net_15',
      defaultTaxRateBasisPoints: 750,
      defaultTerms: 'Thank you.',
      paymentInstructions: 'Checks to Sparkle',
      remindersEnabled: true,
      reminderOffsets: [-2, 5],
    });
  });

  it('when a reminder day repeats, then the domain message shows and nothing is sent', async () => {
    const api = mockApi({ 'GET /api/invoice-settings': () => ({ status: 200, body: SETTINGS }) });
    const user = userEvent.setup();
    renderRoute(<InvoiceSettingsSection />, { me: makeMe() });
    const form = await screen.findByRole('form', { name: 'Invoice settings' });
    await user.clear(within(form).getByLabelText('Reminder days'));
    await user.type(within(form).getByLabelText('Reminder days'), '3, 3');
    await user.click(within(form).getByRole('button', { name: 'Save invoice settings' }));
    expect(within(form).getByLabelText('Reminder days')).toHaveAccessibleDescription(
      /Each reminder day can be used once/,
    );
    expect(api.calls.some((c) => c.key === 'PUT /api/invoice-settings')).toBe(false);
  });

  it('when online payment is set up, then it says on', async () => {
    mockApi({
      'GET /api/invoice-settings': () => ({
        status: 200,
        body: { ...SETTINGS, onlinePaymentsEnabled: true },
      }),
    });
    renderRoute(<InvoiceSettingsSection />, { me: makeMe() });
    expect(await screen.findByRole('form', { name: 'Invoice settings' })).toHaveTextContent(
      'Online payments: on',
    );
  });

  it('when the role may not open invoices, then it says so and asks nothing', () => {
    const api = mockApi({});
    renderRoute(<InvoiceSettingsSection />, { me: makeMe({ role: 'estimate-free' }) });
    expect(screen.getByText('Invoices are not part of your role in this business.')).toBeVisible();
    expect(api.calls).toHaveLength(0);
  });
});
