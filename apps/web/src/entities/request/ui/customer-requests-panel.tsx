import { useInfiniteQuery } from '@tanstack/react-query';
import { ClipboardList } from 'lucide-react';
import { RecordPanel } from '@/components/record-panel';
import { customerRequestsQueryOptions } from '../api/customer-requests';
import { RequestsTable } from './requests-table';

/** The contact page's estimates, quotes and proposals. */
export function CustomerRequestsPanel({ customerId }: { customerId: string }) {
  const list = useInfiniteQuery(customerRequestsQueryOptions(customerId));
  return (
    <RecordPanel
      title="Requests"
      icon={ClipboardList}
      list={list}
      noun="requests"
      emptyText="No estimates, quotes or proposals for this contact yet."
    >
      {(requests) => <RequestsTable requests={requests} caption="Requests of this contact" />}
    </RecordPanel>
  );
}
