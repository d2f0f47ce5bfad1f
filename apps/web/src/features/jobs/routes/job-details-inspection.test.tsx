import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { ABBY, JOB_ID, makeJob } from '@/entities/job/test/fixtures';
import {
  detail,
  INSPECTION_ID,
  listItem,
  template,
  TEMPLATE_ID,
} from '@/entities/inspection/test/fixtures';
import { JobDetailsPage } from './job-details-page';

describe('JobDetailsPage: Start inspection', () => {
  it('when a template is chosen, then the inspection starts on this visit and opens', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/team/employees/options': () => ({ status: 200, body: [ABBY] }),
      [`GET /api/jobs/${JOB_ID}`]: () => ({ status: 200, body: makeJob({ type: 'inspection' }) }),
      'GET /api/inspection-templates?archived=false': () => ({
        status: 200,
        body: { items: [template()], starters: [] },
      }),
      'POST /api/inspections': () => ({ status: 201, body: detail() }),
      [`GET /api/inspections?jobId=${JOB_ID}&limit=25`]: () => ({
        status: 200,
        body: {
          items: [listItem({ status: 'in_progress' })],
          nextCursor: null,
          total: 1,
          totalCapped: false,
        },
      }),
    });
    const { router } = renderRoute(<JobDetailsPage />, {
      me: makeMe({ role: 'owner' }),
      path: `/jobs/${JOB_ID}`,
      routePath: '/jobs/:id',
      routes: [{ path: '/inspections/:id', element: <p>Inspect screen</p> }],
    });

    const earlier = await screen.findByRole('list', { name: 'Inspections of this visit' });
    expect(within(earlier).getByRole('link', { name: /Continue Kitchen check/ })).toHaveAttribute(
      'href',
      `/inspections/${INSPECTION_ID}`,
    );
    await user.click(screen.getByRole('button', { name: 'Start inspection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start an inspection' });
    await user.selectOptions(await within(dialog).findByLabelText('Template'), TEMPLATE_ID);
    await user.click(within(dialog).getByRole('button', { name: 'Start inspection' }));

    expect(await screen.findByText('Inspect screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/inspections/${INSPECTION_ID}`);
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /api/inspections')?.body).toEqual({
        templateId: TEMPLATE_ID,
        jobId: JOB_ID,
        customerId: null,
        siteAddress: null,
      }),
    );
  });
});
