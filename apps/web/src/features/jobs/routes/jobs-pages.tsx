import { Briefcase, CalendarPlus, ClipboardList, ListChecks } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export function JobsPage() {
  return (
    <>
      <PageHeader
        title="Jobs"
        description="The work you do for your clients, one-time or recurring."
      />
      <EmptyState
        icon={Briefcase}
        title="No jobs yet"
        upcoming={[
          'One-time, weekly, bi-weekly and monthly jobs for cleaning, inspection and maintenance',
          'Assign jobs to team members and follow their status',
          'Checklists, photos, notes and time on site, filled in on a phone',
        ]}
      >
        Your jobs will live here — scheduling, assignment and status tracking arrive with the Jobs
        &amp; Schedule module.
      </EmptyState>
    </>
  );
}

export function TasksPage() {
  return (
    <>
      <PageHeader title="Tasks" description="The smaller pieces of work on your jobs." />
      <EmptyState icon={ListChecks} title="No tasks yet">
        Your tasks will live here — each one opens the same detail page as a job. They arrive with
        the Jobs &amp; Schedule module.
      </EmptyState>
    </>
  );
}

/** Spec section 2: /jobs/{id} and /tasks/{id} share this page. */
export function JobDetailsPage() {
  return (
    <>
      <PageHeader title="Job Details" />
      <EmptyState icon={ClipboardList} title="Job details arrive with the Jobs & Schedule module">
        This page will show the job’s client, location, schedule, assignee, checklist, photos and
        notes. There are no jobs in this version yet.
      </EmptyState>
    </>
  );
}

export function NewJobPage() {
  return (
    <>
      <PageHeader title="New job" />
      <EmptyState
        icon={CalendarPlus}
        title="The Add New Job Schedule dialog arrives with the Jobs & Schedule module"
        upcoming={[
          'Client, job title, assignee and location',
          'Date and time (9:00 AM unless you pick another time)',
          'Type, price, frequency and notes',
        ]}
      >
        Jobs cannot be scheduled in this version yet. When the module lands, this shortcut opens the
        dialog directly.
      </EmptyState>
    </>
  );
}
