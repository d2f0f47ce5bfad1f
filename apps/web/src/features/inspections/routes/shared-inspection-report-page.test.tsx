import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SharedInspection } from '@crewdesk/domain';
import { mockApi, renderRoute } from '@/test/utils';
import { SharedInspectionReportPage } from './shared-inspection-report-page';

const TOKEN = 'tok_abc';
const GET = `GET /api/public/inspection-reports/${TOKEN}`;
const ACCEPT = `POST /api/public/inspection-reports/${TOKEN}/accept`;

const FINDINGS = [
  {
    id: 'floor',
    sectionTitle: 'Kitchen',
    itemLabel: 'Floor clean',
    description: 'Deep clean the floor',
    priceCents: 8000,
  },
  {
    id: 'oven',
    sectionTitle: 'Kitchen',
    itemLabel: 'Oven',
    description: 'Clean the oven',
    priceCents: 4550,
  },
  {
    id: 'grout',
    sectionTitle: 'Bathroom',
    itemLabel: 'Grout',
    description: 'Regrout the shower',
    priceCents: 12000,
  },
];

function report(overrides: Partial<SharedInspection> = {}): SharedInspection {
  return {
    business: {
      name: 'Sparkle Cleaning',
      phone: '555-0100',
      email: 'hello@sparkle.test',
      address: null,
      website: null,
      logoUrl: null,
      currency: 'USD',
      locale: 'en-US',
      timeZone: 'America/Chicago',
    },
    templateName: 'Move-out inspection',
    contactName: 'Grace Hopper',
    siteAddress: '1 Main St',
    inspectorName: 'Ben Brush',
    startedAt: '2026-11-20T09:00:00.000Z',
    finishedAt: '2026-11-20T10:00:00.000Z',
    sections: [
      {
        key: 'kitchen',
        title: 'Kitchen',
        items: [
          {
            key: 'floor',
            label: 'Floor clean',
            kind: 'pass_fail_na',
            unit: null,
            answer: {
              itemKey: 'floor',
              kind: 'pass_fail_na',
              value: 'fail',
              name: null,
              note: 'Sticky by the fridge',
              failed: true,
              photos: [
                {
                  id: 'ffffffff-ffff-4fff-8fff-ffffffffffff',
                  url: `/api/public/inspection-reports/${TOKEN}/photos/ffffffff-ffff-4fff-8fff-ffffffffffff`,
                  width: 800,
                  height: 600,
                },
              ],
              updatedAt: '2026-11-20T09:30:00.000Z',
            },
          },
          { key: 'temp', label: 'Fridge', kind: 'number_with_unit', unit: '°F', answer: null },
        ],
      },
    ],
    notes: 'Left keys with the concierge.',
    score: {
      overall: {
        percent: 62.5,
        weight: 4,
        earned: 2.5,
        failedCount: 3,
        passMarkPercent: 80,
        passed: false,
      },
      sections: [
        { key: 'kitchen', title: 'Kitchen', percent: 62.5, weight: 4, earned: 2.5, failedCount: 3 },
      ],
    },
    signatureName: 'Ben Brush',
    findings: FINDINGS,
    accepted: null,
    pdfUrl: `/api/public/inspection-reports/${TOKEN}/pdf`,
    ...overrides,
  };
}

function open() {
  return renderRoute(<SharedInspectionReportPage />, {
    path: `/inspection-report/${TOKEN}`,
    routePath: '/inspection-report/:token',
  });
}

describe('/inspection-report/:token', () => {
  it('when two of three findings are ticked and signed, then the total follows and exactly those are accepted', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      [GET]: () => ({ status: 200, body: report() }),
      [ACCEPT]: () => ({
        status: 200,
        body: report({
          accepted: {
            name: 'Grace Hopper',
            acceptedAt: '2026-11-21T12:00:00.000Z',
            findingIds: ['floor', 'grout'],
            amountCents: 20000,
          },
        }),
      }),
    });
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Move-out inspection' }),
    ).toBeInTheDocument();
    expect(screen.getByText('62.5% · Failed')).toBeInTheDocument();
    expect(screen.getByText('Sticky by the fridge')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Floor clean, photo 1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Download PDF/ })).toHaveAttribute(
      'href',
      `/api/public/inspection-reports/${TOKEN}/pdf`,
    );
    const total = screen.getByTestId('findings-total');
    expect(total).toHaveTextContent('$0.00');

    await user.click(screen.getByRole('checkbox', { name: /Regrout the shower/ }));
    expect(total).toHaveTextContent('$120.00');
    await user.click(screen.getByRole('checkbox', { name: /Deep clean the floor/ }));
    expect(total).toHaveTextContent('$200.00');
    await user.type(screen.getByLabelText('Your full name'), 'Grace Hopper');
    await user.click(screen.getByRole('button', { name: 'Accept and sign' }));

    await waitFor(() =>
      expect(calls.find((c) => c.key === ACCEPT)?.body).toEqual({
        findingIds: ['floor', 'grout'],
        name: 'Grace Hopper',
      }),
    );
    const done = await screen.findByText(/Accepted by Grace Hopper/);
    const box = done.closest('[role="status"]') as HTMLElement;
    expect(within(box).getByText('Deep clean the floor')).toBeInTheDocument();
    expect(within(box).getByText('Regrout the shower')).toBeInTheDocument();
    expect(within(box).queryByText('Clean the oven')).not.toBeInTheDocument();
    expect(within(box).getByText('$200.00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept and sign' })).not.toBeInTheDocument();
  });

  it('when nothing is ticked, then it asks for a finding and sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ [GET]: () => ({ status: 200, body: report() }) });
    open();
    await user.type(await screen.findByLabelText('Your full name'), 'Grace Hopper');
    await user.click(screen.getByRole('button', { name: 'Accept and sign' }));
    expect(await screen.findByText('Tick at least one finding.')).toBeInTheDocument();
    expect(calls.some((c) => c.key === ACCEPT)).toBe(false);
  });

  it('when the link was revoked, then the page says it is not valid', async () => {
    mockApi({
      [GET]: () => ({ status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } }),
    });
    open();
    expect(await screen.findByText('Report not found')).toBeInTheDocument();
  });
});
