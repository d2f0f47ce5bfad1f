import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { InspectionListResponse } from '@crewdesk/domain';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { FAMILY_ID, listItem, template } from '@/entities/inspection/test/fixtures';
import { InspectionsPage } from './inspections-page';

function page(items = [listItem()], nextCursor: string | null = null): InspectionListResponse {
  return { items, nextCursor, total: items.length, totalCapped: false };
}

const TEMPLATES = 'GET /api/inspection-templates';
const OPTIONS = 'GET /api/team/employees/options';
const ok = (body: unknown) => () => ({ status: 200, body });

describe('/inspections', () => {
  it('when filters are chosen, then they go into the list’s query string', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      [TEMPLATES]: ok({ items: [template()], starters: [] }),
      [OPTIONS]: ok([]),
      'GET /api/inspections?limit=25': ok(page()),
      'GET /api/inspections?status=finished&limit=25': ok(page()),
      [`GET /api/inspections?status=finished&templateId=${FAMILY_ID}&limit=25`]: ok(page()),
      [`GET /api/inspections?status=finished&templateId=${FAMILY_ID}&passed=false&limit=25`]: ok(
        page([]),
      ),
    });
    renderRoute(<InspectionsPage />, { me: makeMe({ role: 'manager' }), path: '/inspections' });

    const table = await screen.findByRole('table', { name: 'Inspections' });
    expect(within(table).getByRole('link', { name: /Kitchen check/ })).toHaveAttribute(
      'href',
      expect.stringContaining('/inspections/'),
    );
    expect(within(table).getByText('92.5% · Passed')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'finished');
    await screen.findByRole('table', { name: 'Inspections' });
    await user.selectOptions(screen.getByLabelText('Template'), FAMILY_ID);
    await user.selectOptions(screen.getByLabelText('Score'), 'failed');

    expect(await screen.findByText('No matching inspections')).toBeInTheDocument();
    expect(calls.map((c) => c.key)).toContain(
      `GET /api/inspections?status=finished&templateId=${FAMILY_ID}&passed=false&limit=25`,
    );
  });

  it('when more pages remain, then Load more asks for the next cursor', async () => {
    const user = userEvent.setup();
    mockApi({
      [TEMPLATES]: ok({ items: [], starters: [] }),
      [OPTIONS]: ok([]),
      'GET /api/inspections?limit=25': ok({ ...page(), total: 2, nextCursor: 'abc' }),
      'GET /api/inspections?limit=25&cursor=abc': ok(
        page([listItem({ id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', templateName: 'Move-out' })]),
      ),
    });
    renderRoute(<InspectionsPage />, { me: makeMe({ role: 'admin' }), path: '/inspections' });
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect((await screen.findAllByRole('link', { name: /Move-out/ }))[0]).toBeInTheDocument();
  });

  it('when the list fails, then it says so and can try again', async () => {
    mockApi({
      [TEMPLATES]: ok({ items: [], starters: [] }),
      'GET /api/inspections?limit=25': () => ({
        status: 500,
        body: { code: 'INTERNAL', message: 'Boom' },
      }),
    });
    renderRoute(<InspectionsPage />, { me: makeMe({ role: 'team_member' }), path: '/inspections' });
    expect(await screen.findByText('Could not load the inspections')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New inspection' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled());
  });
});
