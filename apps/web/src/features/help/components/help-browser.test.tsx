import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/utils';
import { HELP_ARTICLES, searchArticles } from '../articles';
import { HelpBrowser } from './help-browser';

describe('help articles', () => {
  it('cover the topics the product needs', () => {
    expect(HELP_ARTICLES.length).toBeGreaterThanOrEqual(8);
    expect(HELP_ARTICLES.map((a) => a.slug)).toEqual(
      expect.arrayContaining([
        'getting-started',
        'contacts',
        'estimates-and-pricing',
        'jobs-and-schedule',
        'invoices-and-payments',
        'team-roles',
        'self-hosting',
        'your-data',
      ]),
    );
  });

  it('when searching, then every word must match and title matches come first', () => {
    expect(searchArticles(HELP_ARTICLES, 'pg_dump').map((a) => a.slug)).toEqual(['self-hosting']);
    expect(searchArticles(HELP_ARTICLES, 'margin')[0]?.slug).toBe('estimates-and-pricing');
    expect(searchArticles(HELP_ARTICLES, 'invoices payments')[0]?.slug).toBe(
      'invoices-and-payments',
    );
    expect(searchArticles(HELP_ARTICLES, 'no such words here')).toEqual([]);
  });

  it('the pricing article works the calculator’s defaults through the domain', () => {
    const pricing = HELP_ARTICLES.find((a) => a.slug === 'estimates-and-pricing');
    const text = JSON.stringify(pricing);
    // 1000 sq ft × $0.05 + 1 bathroom × $25 + 1 room × $20, one-time.
    expect(text).toContain('price $95.00');
    expect(text).toContain('Weekly');
  });

  it('the roles article says what a team member can open', () => {
    const roles = HELP_ARTICLES.find((a) => a.slug === 'team-roles');
    const table = roles?.blocks.find((b) => b.kind === 'table');
    expect(table && table.kind === 'table' ? table.rows : []).toContainEqual([
      'Team member',
      'Home, Schedule, Requests, Jobs',
    ]);
  });
});

describe('HelpBrowser', () => {
  it('when a search is typed, then the list narrows and says how many match', async () => {
    const user = userEvent.setup();
    renderRoute(<HelpBrowser />, { path: '/help-center' });
    expect(screen.getAllByRole('listitem')).toHaveLength(HELP_ARTICLES.length);

    await user.type(screen.getByRole('searchbox', { name: 'Search help articles' }), 'backup');

    expect(screen.getByText(/articles? match/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Running your own installation/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Jobs and the schedule/ })).not.toBeInTheDocument();
  });

  it('when an article is opened, then it shows in full with a way back', async () => {
    const user = userEvent.setup();
    renderRoute(<HelpBrowser />, { path: '/help-center' });
    await user.click(screen.getByRole('link', { name: /Team roles and what each role can open/ }));

    expect(
      screen.getByRole('heading', { name: 'Team roles and what each role can open' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('table', { name: 'Sidebar entries each role can open' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'All articles' }));
    expect(screen.getByRole('searchbox', { name: 'Search help articles' })).toBeInTheDocument();
  });
});
