import { ClipboardCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { NO_INSPECTION_FILTERS, useInspectionList } from '../api/inspection-api';
import { InspectionStatusBadge } from './inspection-badges';
import { StartInspectionDialog } from './start-inspection-dialog';

/** The inspections already made on this visit: one under way is continued from here. */
function VisitInspections({ jobId }: { jobId: string }) {
  const list = useInspectionList(NO_INSPECTION_FILTERS, jobId);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  if (items.length === 0) return null;
  return (
    <ul aria-label="Inspections of this visit" className="mb-4 space-y-2">
      {items.map((inspection) => (
        <li key={inspection.id}>
          <Link
            to={`/inspections/${inspection.id}`}
            className="flex min-h-11 items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm hover:bg-muted"
          >
            <span className="font-medium">
              {inspection.status === 'finished' ? 'Open' : 'Continue'} {inspection.templateName}
            </span>
            <InspectionStatusBadge status={inspection.status} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * Start an inspection on a visit (any visit; an "inspection" visit shows it first): choose a
 * template, then fill it in on the inspect screen. The full visit page and the phone's visit view
 * both offer it to whoever works the visit.
 */
export function VisitInspectionAction({ jobId, primary }: { jobId: string; primary: boolean }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <VisitInspections jobId={jobId} />
      <Button
        variant={primary ? 'default' : 'outline'}
        className="mb-4 h-11 w-full sm:h-10 sm:w-auto"
        onClick={() => setOpen(true)}
      >
        <ClipboardCheck aria-hidden="true" />
        Start inspection
      </Button>
      <StartInspectionDialog
        open={open}
        onOpenChange={setOpen}
        jobId={jobId}
        onStarted={(inspection) => void navigate(`/inspections/${inspection.id}`)}
      />
    </>
  );
}
