import { useInfiniteQuery } from '@tanstack/react-query';
import { CalendarClock, History } from 'lucide-react';
import { useState } from 'react';
import { RecordPanel } from '@/components/record-panel';
import { businessToday } from '@/lib/business-today';
import { customerVisitsQueryOptions, type VisitsWhen } from '../api/customer-visits';
import { JobsTable } from './jobs-table';

const WHEN_TEXT = {
  upcoming: {
    title: 'Upcoming visits',
    icon: CalendarClock,
    empty: 'No visits planned for this contact.',
  },
  past: { title: 'Past visits', icon: History, empty: 'No past visits for this contact.' },
} as const;

function VisitsPanel({ customerId, when }: { customerId: string; when: VisitsWhen }) {
  // Fixed for the page's life: a new day at midnight would otherwise refetch both lists.
  const [today] = useState(() => businessToday());
  const list = useInfiniteQuery(customerVisitsQueryOptions(customerId, when, today));
  const text = WHEN_TEXT[when];
  return (
    <RecordPanel
      title={text.title}
      icon={text.icon}
      list={list}
      noun="visits"
      emptyText={text.empty}
    >
      {(visits) => <JobsTable visits={visits} kind="job" caption={text.title} />}
    </RecordPanel>
  );
}

/** The contact page's visits: what is coming first, then what was done. */
export function CustomerVisitsPanels({ customerId }: { customerId: string }) {
  return (
    <>
      <VisitsPanel customerId={customerId} when="upcoming" />
      <VisitsPanel customerId={customerId} when="past" />
    </>
  );
}
