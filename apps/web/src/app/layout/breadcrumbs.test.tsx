import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/utils';
import { Breadcrumbs } from './breadcrumbs';

function crumbs() {
  return within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
}

describe('Breadcrumbs', () => {
  it('when on the home path, then there are none', () => {
    renderRoute(<Breadcrumbs />, { path: '/' });
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
  });

  it('when on a one-segment path, then there is one crumb: the current page', () => {
    renderRoute(<Breadcrumbs />, { path: '/schedule' });
    expect(crumbs().getAllByRole('listitem')).toHaveLength(1);
    expect(crumbs().getByText('Schedule')).toHaveAttribute('aria-current', 'page');
    expect(crumbs().queryByRole('link')).not.toBeInTheDocument();
  });

  it('when on a record, then the parent links up and the id reads as the singular’s details', () => {
    renderRoute(<Breadcrumbs />, { path: '/customers/1234' });
    expect(crumbs().getByRole('link', { name: 'Customers' })).toHaveAttribute('href', '/customers');
    expect(crumbs().getByText('Customer Details')).toHaveAttribute('aria-current', 'page');
  });

  it('when a segment is not a known label, then it is split on hyphens and capitalised', () => {
    renderRoute(<Breadcrumbs />, { path: '/inventory/cleaning-supplies' });
    expect(crumbs().getByRole('link', { name: 'Inventory' })).toBeInTheDocument();
    expect(crumbs().getByText('Cleaning Supplies')).toHaveAttribute('aria-current', 'page');
  });

  it('when the navigation names a parent, then that parent is followed by the current crumb', () => {
    renderRoute(<Breadcrumbs />, {
      path: '/customers/1234',
      state: { parentName: 'Ada Lovelace' },
    });
    expect(
      crumbs()
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Ada Lovelace', 'Customer Details']);
    expect(crumbs().getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      '/customers',
    );
  });

  it('when the parent crumb is followed, then the trail shortens', async () => {
    const user = userEvent.setup();
    renderRoute(<Breadcrumbs />, {
      path: '/jobs/new',
      routes: [{ path: '/jobs', element: <Breadcrumbs /> }],
    });
    await user.click(crumbs().getByRole('link', { name: 'Jobs' }));
    expect(crumbs().getByText('Jobs')).toHaveAttribute('aria-current', 'page');
    expect(crumbs().getAllByRole('listitem')).toHaveLength(1);
  });
});
