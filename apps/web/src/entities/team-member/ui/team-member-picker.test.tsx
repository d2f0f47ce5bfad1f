import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { TeamMemberPicker } from './team-member-picker';

const EMPLOYEES = [
  { id: 'e-1', firstName: 'Abby', lastName: 'Adams' },
  { id: 'e-2', firstName: 'Ben', lastName: 'Brown' },
  { id: 'e-3', firstName: 'Cara', lastName: 'Cole' },
];

function Harness({ initial = '', onChange }: { initial?: string; onChange: (id: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="assignee">Assigned to</label>
      <TeamMemberPicker
        id="assignee"
        value={value}
        onChange={(id) => {
          setValue(id);
          onChange(id);
        }}
      />
    </>
  );
}

function setup(
  initial = '',
  answer: { status: number; body?: unknown } = { status: 200, body: EMPLOYEES },
) {
  const api = mockApi({ 'GET /api/team/employees/options': () => answer });
  const onChange = vi.fn();
  renderRoute(<Harness initial={initial} onChange={onChange} />, { me: makeMe() });
  return { api, onChange, user: userEvent.setup() };
}

describe('TeamMemberPicker', () => {
  it('when nothing is chosen, then the placeholder shows and the list offers the active employees to search', async () => {
    const { user, api } = setup();
    const trigger = screen.getByRole('combobox', { name: 'Assigned to' });
    expect(trigger).toHaveTextContent('Select team member...');

    await user.click(trigger);
    expect(screen.getByPlaceholderText('Search team member...')).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'Abby Adams' })).toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(3);

    await user.type(screen.getByPlaceholderText('Search team member...'), 'bro');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Ben Brown']);

    await user.clear(screen.getByPlaceholderText('Search team member...'));
    await user.type(screen.getByPlaceholderText('Search team member...'), 'zzz');
    expect(screen.getByText('No team member found.')).toBeInTheDocument();
    expect(api.calls.map((c) => c.key)).toEqual(['GET /api/team/employees/options']);
  });

  it('when an employee is chosen, then the id is reported and the name shows; choosing them again clears it', async () => {
    const { user, onChange } = setup();
    await user.click(screen.getByRole('combobox', { name: 'Assigned to' }));
    await user.click(await screen.findByRole('option', { name: 'Ben Brown' }));

    expect(onChange).toHaveBeenLastCalledWith('e-2');
    expect(screen.queryByPlaceholderText('Search team member...')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Assigned to' })).toHaveTextContent('Ben Brown');

    await user.click(screen.getByRole('combobox', { name: 'Assigned to' }));
    await user.click(await screen.findByRole('option', { name: 'Ben Brown' }));

    expect(onChange).toHaveBeenLastCalledWith('');
    expect(screen.getByRole('combobox', { name: 'Assigned to' })).toHaveTextContent(
      'Select team member...',
    );
  });

  it('when used with the keyboard, then Enter opens it, typing filters, arrows move and Enter chooses', async () => {
    const { user, onChange } = setup('e-1');
    const trigger = screen.getByRole('combobox', { name: 'Assigned to' });
    await waitFor(() => expect(trigger).toHaveTextContent('Abby Adams'));

    trigger.focus();
    await user.keyboard('{Enter}');
    const search = await screen.findByPlaceholderText('Search team member...');
    expect(search).toHaveFocus();
    await user.keyboard('c');
    await user.keyboard('{ArrowDown}{Enter}');

    expect(onChange).toHaveBeenLastCalledWith('e-3');
  });

  it('while the list loads, then Loading... shows', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await gate;
        return new Response(JSON.stringify(EMPLOYEES), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    renderRoute(<Harness onChange={vi.fn()} />, { me: makeMe() });
    const user = userEvent.setup();

    await user.click(screen.getByRole('combobox', { name: 'Assigned to' }));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('option', { name: 'Cara Cole' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('when the employees cannot be loaded, then the spec error toast shows', async () => {
    setup('', { status: 500, body: { code: 'INTERNAL', message: 'boom' } });

    expect(
      await screen.findByText('Failed to load team members. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });
});
