import type { SharedProof } from '@crewdesk/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoute } from '@/test/utils';
import { VisitProofPage } from './visit-proof-page';

const TOKEN = 'q3f8ZlJm0kP2cVt9XyA1bC4dE5fG6hI7jK8lM9nO0pQ';
const API = `/api/public/proof/${TOKEN}`;

function proof(over: Partial<SharedProof> = {}): SharedProof {
  return {
    business: { name: 'Sparkle Cleaning' },
    visit: {
      title: 'Office clean',
      timeZone: 'America/Chicago',
      scheduledAt: '2026-12-01T15:00:00.000Z',
      arrivedAt: '2026-12-01T15:02:00.000Z',
      departedAt: '2026-12-01T16:47:00.000Z',
    },
    checklist: [
      { label: 'Kitchen', done: true },
      { label: 'Bathrooms', done: false },
    ],
    photos: [{ url: `${API}/photos/p1`, label: 'after', width: 800, height: 600 }],
    inspection: null,
    answer: null,
    answerBy: '2026-12-08T16:48:00.000Z',
    canAnswer: true,
    ...over,
  };
}

const open = () =>
  renderRoute(<VisitProofPage />, { path: `/proof/${TOKEN}`, routePath: '/proof/:token' });

describe('VisitProofPage', () => {
  it('when the client reports a problem, then it is sent and the page says it was received', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      [`GET ${API}`]: () => ({ status: 200, body: proof() }),
      [`POST ${API}/answer`]: () => ({
        status: 200,
        body: proof({
          answer: { answer: 'problem', answeredAt: '2026-12-02T10:00:00.000Z' },
          canAnswer: false,
        }),
      }),
    });
    open();
    const page = within(
      await screen.findByRole('article', { name: 'Visit completed by Sparkle Cleaning' }),
    );
    expect(page.getByText('Dec 1, 2026, 9:02 AM')).toBeInTheDocument();
    expect(page.getByText('Kitchen')).toBeInTheDocument();
    expect(page.getByRole('img', { name: 'After 1' })).toBeInTheDocument();
    await user.click(page.getByRole('button', { name: 'Report a problem' }));
    await user.click(page.getByRole('button', { name: 'Send the report' }));
    expect(page.getByText('Describe the problem.')).toBeInTheDocument();
    await user.type(page.getByLabelText('What went wrong?'), 'The windows were missed.');
    await user.click(page.getByRole('button', { name: 'Send the report' }));
    expect(await page.findByText(/You reported a problem on/)).toBeInTheDocument();
    expect(calls.find((c) => c.key.startsWith('POST'))?.body).toEqual({
      answer: 'problem',
      problem: 'The windows were missed.',
    });
  });

  it('when the days to answer have passed, then it says so and offers no answer', async () => {
    mockApi({ [`GET ${API}`]: () => ({ status: 200, body: proof({ canAnswer: false }) }) });
    open();
    expect(await screen.findByText(/The time to answer for this visit ended/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm the visit' })).not.toBeInTheDocument();
  });

  it('when the link is unknown, then it says the page does not exist', async () => {
    mockApi({
      [`GET ${API}`]: () => ({ status: 404, body: { code: 'NOT_FOUND', message: 'Not found.' } }),
    });
    open();
    expect(await screen.findByText('Visit not found')).toBeInTheDocument();
  });
});
