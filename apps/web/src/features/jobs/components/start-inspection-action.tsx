import type { JobDetail } from '@crewdesk/domain';
import { ClipboardCheck } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { StartInspectionDialog } from '@/entities/inspection/ui/start-inspection-dialog';

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
