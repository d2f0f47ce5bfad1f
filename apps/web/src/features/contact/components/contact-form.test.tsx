import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoute } from '@/test/utils';
import { ContactForm } from './contact-form';

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Grace Hopper');
  await user.type(screen.getByLabelText('Email'), 'grace@example.com');
  await user.type(screen.getByLabelText(/Subject/), 'Backups');
  await user.type(screen.getByLabelText('Message'), 'How often should I back up?');
}

describe('ContactForm', () => {
  it('when submitted empty, then each field says what is wrong and nothing is sent', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderRoute(<ContactForm />);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Please enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Please write at least 10 characters.')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('when sent, then the message is stored and acknowledged with its reference', async () => {
    const api = mockApi({
      'POST /api/contact-messages': () => ({
        status: 201,
        body: {
          id: 'c0ffee00-0000-4000-8000-000000000001',
          receivedAt: '2026-01-05T10:30:00.000Z',
        },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<ContactForm />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(
      await screen.findByText('Thank you, Grace Hopper. Your message has been received.'),
    ).toBeInTheDocument();
    expect(screen.getByText('c0ffee00-0000-4000-8000-000000000001')).toBeInTheDocument();
    expect(api.calls[0]?.body).toEqual({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      subject: 'Backups',
      message: 'How often should I back up?',
    });

    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('grace@example.com');
  });

  it('when the server rejects it, then the server’s message shows and the form keeps the input', async () => {
    mockApi({
      'POST /api/contact-messages': () => ({
        status: 400,
        body: { code: 'VALIDATION', message: 'message: too long' },
      }),
    });
    const user = userEvent.setup();
    renderRoute(<ContactForm />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('message: too long');
    expect(screen.getByLabelText('Name')).toHaveValue('Grace Hopper');
  });
});
