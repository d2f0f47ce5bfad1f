import type { JobDetail, JobInputBody } from '@crewdesk/domain';
import { updateJob } from '@/entities/job/api/job-api';
import { useJobMutation } from './use-job-mutation';

/**
 * The PUT body that keeps the visit as it is: PUT /api/jobs/:id replaces the whole job, so a
 * change made on the detail page re-sends every other field as saved.
 */
export function jobBodyOf(job: JobDetail): JobInputBody {
  return {
    kind: job.kind,
    title: job.title,
    customerId: job.customer?.id ?? null,
    location: job.location,
    latitude: job.latitude,
    longitude: job.longitude,
    assigneeIds: job.assignees.map((a) => a.id),
    startsAt: job.localStartsAt,
    durationMinutes: job.durationMinutes,
    type: job.type,
    priceCents: job.priceCents,
    frequency: job.frequency,
    notes: job.notes,
    lineItems: job.lineItems,
    // New items only: the checklist is edited through its own calls.
    checklist: [],
  };
}

export interface JobFieldsChange {
  job: JobDetail;
  changes: Partial<Pick<JobInputBody, 'assigneeIds' | 'lineItems' | 'priceCents'>>;
}

/**
 * `PUT /api/jobs/:id?scope=this`: one field of this visit changed from the detail page. A series
 * visit changes alone (the rest of its series keeps its team and lines).
 */
export function updateJobFields({ job, changes }: JobFieldsChange): Promise<JobDetail> {
  return updateJob(job.id, { ...jobBodyOf(job), ...changes }, 'this');
}

export function useUpdateJobFields() {
  return useJobMutation(updateJobFields);
}
