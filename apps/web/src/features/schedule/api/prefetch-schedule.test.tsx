import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeMe, mockApi, renderRoute, testQueryClient } from '@/test/utils';
import { SchedulePage } from '../routes/schedule-page';
import { makeSchedule, makeVisit } from '../test/fixtures';
import { prefetchSchedule } from './prefetch-schedule';

describe('the schedule asked for with the session (first screen)', () => {
  it.each([
    ['/schedule?view=week&date=2026-05-06', 'GET /api/schedule?from=2026-05-03&to=2026-05-09'],
    ['/schedule?view=month&date=2026-05-06', 'GET /api/schedule?from=2026-04-26&to=2026-06-06'],
  ])(
    'when %s opens after its prefetch, then the page shows that answer without asking again',
    async (path, request) => {
      const visit = makeVisit({ title: 'Deep clean', localStartsAt: '2026-05-06T09:30:00' });
      const api = mockApi({
        [request]: () => ({ status: 200, body: makeSchedule({ visits: [visit] }) }),
      });
      const me = makeMe({ role: 'owner' });
      const queryClient = testQueryClient();
      prefetchSchedule({ queryClient, me, search: new URLSearchParams(path.split('?')[1]) });
      await waitFor(() => expect(api.calls).toHaveLength(1));

      renderRoute(<SchedulePage />, { me, path, queryClient });
      expect(await screen.findByTestId(`visit-${visit.id}`)).toBeInTheDocument();
      expect(api.calls.map((c) => c.key)).toEqual([request]);
    },
  );
});
