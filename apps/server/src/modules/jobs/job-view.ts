import {
  localDateTimeOf,
  localPartsAt,
  timeOnSiteMinutes,
  timeSlotOf,
  type JobDetail,
  type JobEvent,
  type VisitSummary,
} from '@crewdesk/domain';
import type { ChecklistRow, PhotoRow, SeriesRow, VisitRow } from './jobs.repo.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function photoUrl(jobId: string, photoId: string): string {
  return `/api/jobs/${jobId}/photos/${photoId}`;
}

/** One visit as the lists, the schedule and the map draw it. */
export function toVisitSummary(visit: VisitRow, timeZone: string): VisitSummary {
  const { job } = visit;
  return {
    id: job.id,
    kind: job.kind,
    title: job.title,
    status: job.status,
    type: job.type,
    startsAt: iso(job.startsAt),
    localStartsAt: job.startsAt ? localDateTimeOf(job.startsAt, timeZone) : null,
    durationMinutes: job.durationMinutes,
    customerName: visit.customerName,
    customerPhone: visit.customerPhone,
    location: job.location,
    latitude: job.latitude,
    longitude: job.longitude,
    assignees: visit.assignees,
    priceCents: job.priceCents,
    recurring: job.seriesId !== null,
    frequency: visit.frequency ?? 'one-time',
    seriesId: job.seriesId,
    version: job.version,
  };
}

export interface JobDetailParts {
  visit: VisitRow;
  timeZone: string;
  customer: JobDetail['customer'];
  checklist: ChecklistRow[];
  photos: PhotoRow[];
  series: SeriesRow | undefined;
  request: JobDetail['request'];
  history: {
    id: string;
    kind: JobEvent['kind'];
    detail: Record<string, unknown> | null;
    createdAt: Date;
    actorName: string | null;
  }[];
  canEdit: boolean;
  canWork: boolean;
  now: Date;
}

export function toJobDetail(parts: JobDetailParts): JobDetail {
  const { job } = parts.visit;
  const local = job.startsAt ? localPartsAt(job.startsAt, parts.timeZone) : null;
  const summary = toVisitSummary(parts.visit, parts.timeZone);
  return {
    ...summary,
    customer: parts.customer,
    date: summary.localStartsAt ? summary.localStartsAt.slice(0, 10) : null,
    time: local ? timeSlotOf(local.hour, local.minute) : null,
    notes: job.notes,
    lineItems: job.lineItems,
    checklist: parts.checklist.map((item) => ({
      id: item.id,
      label: item.label,
      done: item.doneAt !== null,
      doneAt: iso(item.doneAt),
    })),
    photos: parts.photos.map((p) => ({
      id: p.id,
      url: photoUrl(job.id, p.id),
      label: p.label,
      width: p.width,
      height: p.height,
      shareable: p.shareable,
      createdAt: p.createdAt.toISOString(),
    })),
    onTheWayAt: iso(job.onTheWayAt),
    startedAt: iso(job.startedAt),
    completedAt: iso(job.completedAt),
    cancelledAt: iso(job.cancelledAt),
    timeOnSiteMinutes: timeOnSiteMinutes(job.startedAt, job.completedAt, parts.now),
    series: parts.series
      ? { id: parts.series.id, rrule: parts.series.rrule, untilDate: parts.series.untilDate }
      : null,
    request: parts.request,
    invoiceId: job.invoiceId,
    history: parts.history.map((e) => ({
      id: e.id,
      kind: e.kind,
      detail: e.detail,
      actorName: e.actorName,
      createdAt: e.createdAt.toISOString(),
    })),
    canEdit: parts.canEdit,
    canWork: parts.canWork,
    timeZone: parts.timeZone,
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
  };
}
