import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { template, TEMPLATE_ID } from '@/entities/inspection/test/fixtures';
import { InspectionTemplatesSection } from './inspection-templates-section';

const LIST = 'GET /api/inspection-templates';
const STARTERS = [
  { key: 'move-out', name: 'Move-out inspection', description: 'Room by room.', itemCount: 20 },
];

function open(role: 'manager' | 'team_member' = 'manager') {
  return renderRoute(<InspectionTemplatesSection />, { me: makeMe({ role }), path: '/settings' });
}

describe('Settings → Inspection templates', () => {
  it('when a template is built, then its sections and items are sent with the remedy in cents', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      [LIST]: () => ({ status: 200, body: { items: [], starters: STARTERS } }),
      'POST /api/inspection-templates': () => ({ status: 201, body: template() }),
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'New template' }));

    await user.type(screen.getByLabelText('Template name'), 'Bathroom check');
    await user.clear(screen.getByLabelText('Pass mark (%)'));
    await user.type(screen.getByLabelText('Pass mark (%)'), '75');
    await user.type(screen.getByLabelText('Section 1 title'), 'Bathroom');
    const item = screen.getByRole('group', { name: 'Section 1, item 1' });
    await user.type(within(item).getByLabelText('Item label'), 'Grout clean');
    await user.click(within(item).getByLabelText('Required'));
    await user.click(within(item).getByLabelText('Photo required when failed'));
    await user.clear(within(item).getByLabelText('Weight in the score'));
    await user.type(within(item).getByLabelText('Weight in the score'), '3');
    await user.type(within(item).getByLabelText('Remedy when failed (optional)'), 'Regrout');
    await user.type(within(item).getByLabelText('Remedy price ($)'), '85.50');

    await user.click(screen.getByRole('button', { name: 'Add item to section 1' }));
    const second = screen.getByRole('group', { name: 'Section 1, item 2' });
    await user.type(within(second).getByLabelText('Item label'), 'Water temperature');
    await user.selectOptions(within(second).getByLabelText('Answered as'), 'number_with_unit');
    await user.type(within(second).getByLabelText('Unit'), '°F');

    await user.click(screen.getByRole('button', { name: 'Create template' }));

    await waitFor(() =>
      expect(calls.some((c) => c.key === 'POST /api/inspection-templates')).toBe(true),
    );
    const body = calls.find((c) => c.key === 'POST /api/inspection-templates')?.body as {
      sections: { key: string; items: { key: string }[] }[];
    };
    expect(body).toEqual({
      name: 'Bathroom check',
      description: '',
      passMarkPercent: 75,
      sections: [
        {
          key: expect.stringMatching(/^section-/),
          title: 'Bathroom',
          items: [
            {
              key: expect.stringMatching(/^item-/),
              label: 'Grout clean',
              kind: 'pass_fail_na',
              required: true,
              photoRequiredWhenFailed: true,
              weight: 3,
              failingAnswer: 'no',
              unit: null,
              remedy: { description: 'Regrout', priceCents: 8550 },
            },
            {
              key: expect.stringMatching(/^item-/),
              label: 'Water temperature',
              kind: 'number_with_unit',
              required: false,
              photoRequiredWhenFailed: false,
              weight: 0,
              failingAnswer: 'no',
              unit: '°F',
              remedy: null,
            },
          ],
        },
      ],
    });
  });

  it('when a label is missing, then it says where and sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      [LIST]: () => ({ status: 200, body: { items: [], starters: [] } }),
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'New template' }));
    await user.type(screen.getByLabelText('Template name'), 'Empty');
    await user.type(screen.getByLabelText('Section 1 title'), 'Hall');
    await user.click(screen.getByRole('button', { name: 'Create template' }));
    expect(
      await screen.findByText('Section 1, item 1: Item label is required'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.key.startsWith('POST'))).toHaveLength(0);
  });

  it('when a template is edited, then a new version is PUT with its items’ keys kept', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      [LIST]: () => ({ status: 200, body: { items: [template()], starters: [] } }),
      [`PUT /api/inspection-templates/${TEMPLATE_ID}`]: () => ({
        status: 200,
        body: template({ version: 3 }),
      }),
    });
    open();
    expect(await screen.findByText(/Version 2 · 3 items/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit Kitchen check' }));
    expect(
      screen.getByText(/Inspections already started keep the version they started with/),
    ).toBeInTheDocument();
    const name = screen.getByLabelText('Template name');
    await user.clear(name);
    await user.type(name, 'Kitchen check (2027)');
    await user.click(screen.getByRole('button', { name: 'Save new version' }));

    await waitFor(() =>
      expect(calls.find((c) => c.key.startsWith('PUT'))?.body).toMatchObject({
        name: 'Kitchen check (2027)',
        sections: [
          {
            key: 'kitchen',
            items: [
              { key: 'floor', remedy: { description: 'Deep clean the floor', priceCents: 8000 } },
              { key: 'oven' },
              { key: 'temp', unit: '°F' },
            ],
          },
        ],
      }),
    );
  });

  it('when a team member opens it, then it says who may edit templates', () => {
    mockApi({});
    open('team_member');
    expect(screen.getByText(/can edit inspection templates/)).toBeInTheDocument();
  });
});
