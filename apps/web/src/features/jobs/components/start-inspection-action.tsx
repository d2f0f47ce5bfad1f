import type { JobDetail } from '@crewdesk/domain';
import { ClipboardCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { NO_INSPECTION_FILTERS, useInspectionList } from '@/entities/inspection/api/inspection-api';
import { InspectionStatusBadge } from '@/entities/inspection/ui/inspection-badges';
import { StartInspectionDialog } from '@/entities/inspection/ui/start-inspection-dialog';

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
 * Start an inspection on this visit (any visit; an "inspection" visit shows it first): choose a
 * template, then fill it in on the inspect screen.
 */
export function StartInspectionAction({ job }: { job: JobDetail }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  if (job.kind !== 'job' || (!job.canWork && !job.canEdit)) return null;
  return (
    <>
      <VisitInspections jobId={job.id} />
      <Button
        variant={job.type === 'inspection' ? 'default' : 'outline'}
        className="mb-4 h-11 w-full sm:h-10 sm:w-auto"
        onClick={() => setOpen(true)}
      >
        <ClipboardCheck aria-hidden="true" />
        Start inspection
      </Button>
      <StartInspectionDialog
        open={open}
        onOpenChange={setOpen}
        jobId={job.id}
        onStarted={(inspection) => void navigate(`/inspections/${inspection.id}`)}
      />
    </>
  );
}
