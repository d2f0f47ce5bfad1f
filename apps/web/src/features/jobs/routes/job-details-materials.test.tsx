import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { JOB_ID, makeJob } from '@/entities/job/test/fixtures';
import {
  ITEM_ID,
  MATERIAL_CLOTHS_ID,
  VAN_ID,
  visitMaterials,
  WAREHOUSE_ID,
} from '@/entities/inventory/test/fixtures';
import { JobDetailsPage } from './job-details-page';

const ok = (body: unknown) => () => ({ status: 200, body });
const MATERIALS = `/api/jobs/${JOB_ID}/materials`;
const NO_INSPECTIONS = {
  [`GET /api/inspections?jobId=${JOB_ID}&limit=25`]: ok({
    items: [],
    nextCursor: null,
    total: 0,
    totalCapped: false,
  }),
};

function openVisit(role: 'team_member' | 'manager') {
  return renderRoute(<JobDetailsPage />, {
    me: makeMe({ role }),
    path: `/jobs/${JOB_ID}`,
    routePath: '/jobs/:id',
  });
}

describe('JobDetailsPage: Materials used', () => {
  it('when an assignee confirms the pre-filled materials, then the changed quantities are recorded', async () => {
    const user = userEvent.setup();
    const recorded = visitMaterials({
      jobId: JOB_ID,
      recorded: [
        {
          itemId: ITEM_ID,
          itemName: 'Cleaning Solution',
          unit: 'bottle',
          kind: 'consumable',
          quantity: 3,
          fromLocationId: VAN_ID,
          fromLocationName: 'Van 1',
        },
      ],
      recordedAt: '2026-11-25T15:00:00.000Z',
    });
    const { calls } = mockApi({
      ...NO_INSPECTIONS,
      [`GET /api/jobs/${JOB_ID}`]: ok(makeJob()),
      [`GET ${MATERIALS}`]: ok(visitMaterials({ jobId: JOB_ID })),
      [`PUT ${MATERIALS}`]: ok(recorded),
    });
    openVisit('team_member');

    const section = within(await screen.findByRole('region', { name: 'Materials used' }));
    const quantity = await section.findByRole('textbox', { name: /Cleaning Solution/ });
    expect(quantity).toHaveValue('2');
    expect(section.getByText(/Not linked to an item: Steam Cleaner/)).toBeInTheDocument();
    // The team member chooses between their van and the warehouse, each with its stock.
    const from = section.getByRole('combobox', { name: 'Where Cleaning Solution comes from' });
    expect(from).toHaveValue(VAN_ID);
    expect(
      within(from)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a location', 'Warehouse (10 bottles on hand)', 'Van 1 (4 bottles on hand)']);

    await user.click(section.getByRole('button', { name: 'One more Cleaning Solution' }));
    expect(quantity).toHaveValue('3');
    // An item that was not suggested, taken from the warehouse.
    await user.selectOptions(
      section.getByRole('combobox', { name: 'Add a material' }),
      MATERIAL_CLOTHS_ID,
    );
    await user.selectOptions(
      section.getByRole('combobox', { name: 'Where Microfiber cloths comes from' }),
      WAREHOUSE_ID,
    );
    await user.click(section.getByRole('button', { name: 'Confirm materials' }));

    expect(await section.findByText(/^Recorded /)).toBeInTheDocument();
    expect(section.queryByText(/material cost/)).not.toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Record again' })).toBeInTheDocument();
    expect(calls.find((c) => c.key === `PUT ${MATERIALS}`)?.body).toEqual({
      clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      lines: [
        { itemId: ITEM_ID, fromLocationId: VAN_ID, quantity: 3 },
        { itemId: MATERIAL_CLOTHS_ID, fromLocationId: WAREHOUSE_ID, quantity: 1 },
      ],
    });
  });

  it('when a whole-number item gets a decimal, then nothing is sent', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      ...NO_INSPECTIONS,
      [`GET /api/jobs/${JOB_ID}`]: ok(makeJob()),
      [`GET ${MATERIALS}`]: ok(visitMaterials({ jobId: JOB_ID })),
    });
    openVisit('team_member');
    const section = within(await screen.findByRole('region', { name: 'Materials used' }));
    const quantity = await section.findByRole('textbox', { name: /Cleaning Solution/ });
    await user.clear(quantity);
    await user.type(quantity, '1.5');
    await user.click(section.getByRole('button', { name: 'Confirm materials' }));
    expect(
      section.getByText('This item is counted in whole bottles: enter a whole number.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith('PUT'))).toBe(false);
  });

  it('when a manager opens a recorded visit, then the recorded lines, the location and the material cost show', async () => {
    mockApi({
      ...NO_INSPECTIONS,
      'GET /api/team/employees/options': ok([]),
      [`GET /api/jobs/${JOB_ID}`]: ok(makeJob()),
      [`GET ${MATERIALS}`]: ok(
        visitMaterials({
          jobId: JOB_ID,
          recorded: [
            {
              itemId: ITEM_ID,
              itemName: 'Cleaning Solution',
              unit: 'bottle',
              kind: 'consumable',
              quantity: 2,
              fromLocationId: VAN_ID,
              fromLocationName: 'Van 1',
            },
          ],
          recordedAt: '2026-11-25T15:00:00.000Z',
          materialCostCents: 900,
        }),
      ),
    });
    openVisit('manager');
    const section = within(await screen.findByRole('region', { name: 'Materials used' }));
    expect(await section.findByText(/material cost \$9\.00/)).toBeInTheDocument();
    expect(
      await section.findByRole('combobox', { name: 'Where Cleaning Solution comes from' }),
    ).toHaveValue(VAN_ID);
    expect(
      within(section.getByRole('list', { name: 'Recorded materials' })).getByText(
        /2 bottles Cleaning Solution · Van 1/,
      ),
    ).toBeInTheDocument();

    // A manager may add an item of the catalogue too.
    const user = userEvent.setup();
    await user.selectOptions(
      await section.findByRole('combobox', { name: 'Add a material' }),
      MATERIAL_CLOTHS_ID,
    );
    expect(section.getByRole('textbox', { name: /Microfiber cloths/ })).toHaveValue('1');
    expect(section.queryByRole('combobox', { name: 'Add a material' })).not.toBeInTheDocument();
  });
});
