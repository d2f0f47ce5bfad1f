import {
  ADDITIONAL_SERVICES,
  JOB_STATUS_LABELS,
  type JobStatus,
  optionLabel,
  type CalculatorFormValues,
  type RequestDetail,
} from '@crewdesk/domain';
import { Copy, Link2 } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  eventText,
  formatMoment,
  proposalOptionName,
  sourceInspectionId,
} from '../lib/request-text';
import { Timeline, TimelineItem } from '@/components/ui/timeline';
import { formatNumber } from '@/lib/locale';
import { Detail } from '@/components/record-sections';

export { Detail };

// The cards of a request's page (the calculator's form, the client's answer, the history, the
// jobs, the share link), apart from the page that lays them out.

function labels(values: readonly string[] | undefined): string {
  return (values ?? []).map(optionLabel).join(', ');
}

function serviceNames(ids: readonly string[] | undefined): string {
  return (ids ?? [])
    .map((id) => ADDITIONAL_SERVICES.find((s) => s.id === id)?.name ?? optionLabel(id))
    .join(', ');
}

function countText(value: number | undefined): string {
  if (value === undefined) return '';
  return value <= 0 ? 'Any' : String(value);
}

/** Whether the calculator's form was filled in at all (a quote from findings has none of it). */
export function hasCalculatorDetails(details: CalculatorFormValues): boolean {
  return Boolean(
    details.propertyType ||
    details.frequency ||
    details.squareFootage ||
    details.numberOfRooms !== undefined ||
    details.numberOfBathrooms !== undefined ||
    (details.additionalServices?.length ?? 0) > 0,
  );
}

export function CalculatorDetails({ details }: { details: CalculatorFormValues }) {
  const time = details.timeConstraints;
  const timeText =
    time?.startTime || time?.endTime
      ? `${time.startTime || 'Any time'} – ${time.endTime || 'Any time'}`
      : 'Any time';
  const commercial = details.propertyType === 'commercial';
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold">Calculator details</h2>
      <dl className="mt-3 grid grid-cols-[minmax(0,7.5rem)_1fr] gap-x-4 gap-y-2 text-sm sm:grid-cols-[11rem_1fr]">
        <Detail label="Property type">
          {details.propertyType ? optionLabel(details.propertyType) : ''}
        </Detail>
        <Detail label="Cleaning frequency">
          {details.frequency ? optionLabel(details.frequency) : ''}
        </Detail>
        <Detail label="Square footage">
          {details.squareFootage ? `${formatNumber(details.squareFootage)} sq ft` : ''}
        </Detail>
        <Detail label={commercial ? 'Offices' : 'Bedrooms'}>
          {countText(details.numberOfRooms)}
        </Detail>
        <Detail label="Bathrooms">{countText(details.numberOfBathrooms)}</Detail>
        <Detail label="Preferred time">{timeText}</Detail>
        <Detail label="Additional services">{serviceNames(details.additionalServices)}</Detail>
        <Detail label="Specific areas">{labels(details.specificAreas)}</Detail>
        <Detail label="Condition">{details.condition ? optionLabel(details.condition) : ''}</Detail>
        <Detail label="Accessibility">{labels(details.accessibility)}</Detail>
        <Detail label="Client preferences">{labels(details.clientPreferences)}</Detail>
      </dl>
    </Card>
  );
}

export function ClientAnswer({ request }: { request: RequestDetail }) {
  if (request.acceptance) {
    const { name, acceptedAt, optionId } = request.acceptance;
    return (
      <Card className="border-success/40 p-5">
        <h2 className="text-base font-semibold text-success">Accepted by the client</h2>
        <dl className="mt-3 grid grid-cols-[minmax(0,7.5rem)_1fr] gap-x-4 gap-y-2 text-sm sm:grid-cols-[11rem_1fr]">
          <Detail label="Signed as">{name}</Detail>
          <Detail label="Accepted on">{formatMoment(acceptedAt)}</Detail>
          {optionId ? (
            <Detail label="Option">{proposalOptionName(optionId, request.options)}</Detail>
          ) : null}
        </dl>
      </Card>
    );
  }
  if (request.decline) {
    return (
      <Card className="border-destructive/30 p-5">
        <h2 className="text-base font-semibold text-destructive">Declined by the client</h2>
        <dl className="mt-3 grid grid-cols-[minmax(0,7.5rem)_1fr] gap-x-4 gap-y-2 text-sm sm:grid-cols-[11rem_1fr]">
          <Detail label="Reason">
            <span className="whitespace-pre-line">{request.decline.reason}</span>
          </Detail>
          <Detail label="Declined on">{formatMoment(request.decline.declinedAt)}</Detail>
        </dl>
      </Card>
    );
  }
  return null;
}

function InspectionLink({ id }: { id: string | null }) {
  if (!id) return null;
  return (
    <Link
      to={`/inspections/${id}`}
      data-print-hidden
      className="text-sm text-primary underline-offset-2 hover:underline"
    >
      Open the inspection
    </Link>
  );
}

export function History({ request }: { request: RequestDetail }) {
  const events = [...request.events].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold">History</h2>
      {events.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">Nothing has happened yet.</p>
      ) : (
        <Timeline className="mt-3">
          {events.map((event) => (
            <TimelineItem key={event.id}>
              <p className="font-medium">{eventText(event, request)}</p>
              <InspectionLink id={sourceInspectionId(event)} />
              <time dateTime={event.createdAt} className="text-xs text-muted-foreground">
                {formatMoment(event.createdAt)}
              </time>
            </TimelineItem>
          ))}
        </Timeline>
      )}
    </Card>
  );
}

function jobStatusText(status: string): string {
  return status in JOB_STATUS_LABELS ? JOB_STATUS_LABELS[status as JobStatus] : status;
}

/** The jobs scheduled from this request, oldest first. */
export function RequestJobs({ jobs }: { jobs: RequestDetail['jobs'] }) {
  if (jobs.length === 0) return null;
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold">Jobs</h2>
      <ul aria-label="Jobs" className="mt-3 divide-y text-sm">
        {jobs.map((job) => (
          <li key={job.id} className="flex items-center justify-between gap-3 py-2">
            <Link
              to={`/jobs/${job.id}`}
              className="min-w-0 truncate font-medium text-primary underline-offset-2 hover:underline"
            >
              {job.title}
            </Link>
            <span className="shrink-0 text-xs text-muted-foreground">
              {jobStatusText(job.status)}
              {job.startsAt ? ` · ${formatMoment(job.startsAt)}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function ShareLinkCard({ link, onCopy }: { link: string; onCopy: () => void }) {
  const id = useId();
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-base font-semibold">
        <Link2 aria-hidden="true" className="size-4 text-primary" />
        <label htmlFor={id}>Share link</label>
      </h2>
      <p className="mt-1 text-xs text-muted-foreground">
        Anyone with this link can view it and accept or decline, without signing in.
      </p>
      <div className="mt-3 flex gap-2">
        <input
          id={id}
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className="h-9 min-w-0 flex-1 rounded-md border bg-muted/50 px-2 text-xs"
        />
        <Button variant="outline" size="sm" onClick={onCopy} aria-label="Copy share link">
          <Copy aria-hidden="true" />
        </Button>
      </div>
    </Card>
  );
}
