import { FileText } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';

/** Spec section 2: /invoices/estimates/share/{id} and /shared/{id}, opened by clients without signing in. */
export function SharedEstimatePage() {
  return (
    <EmptyState icon={FileText} title="Shared estimate">
      When a business shares an estimate or quote with you, this page shows the work and the price,
      and lets you accept it with your typed signature or decline it. Sharing is not part of this
      version of Crewdesk yet, so this link cannot show an estimate. Please ask the business that
      sent it for a copy.
    </EmptyState>
  );
}
