import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeMe, mockApi, renderRoute } from '@/test/utils';
import { PlanSection } from './plan-section';

describe('PlanSection', () => {
  it('shows the plan and that a self-hosted Crewdesk has every feature', async () => {
    mockApi({ 'GET /api/plan': () => ({ status: 200, body: { plan: 'Free', status: 'active' } }) });
    renderRoute(<PlanSection />, { me: makeMe() });
    expect(await screen.findByRole('heading', { name: 'Free — active' })).toBeInTheDocument();
    expect(screen.getByText(/has every feature\. There are no paid tiers/)).toBeInTheDocument();
  });

  it('when loading fails, then the error shows with Try again', async () => {
    mockApi({ 'GET /api/plan': () => ({ status: 500 }) });
    renderRoute(<PlanSection />, { me: makeMe() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the plan');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
