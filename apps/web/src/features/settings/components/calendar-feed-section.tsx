import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarSync } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { JOBS_ROUTE_ROLES, type CalendarFeed } from '@crewdesk/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { apiRequest, errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session/session-context';
import { CopyLinkField } from '@/components/copy-link-field';

// The feed's three calls live here: this section is their only user.
const calendarFeedQueryKey = ['calendar-feed'] as const;

/** `GET /api/calendar-feed`: the member's secret feed address, or null when off. */
function getCalendarFeed(signal?: AbortSignal): Promise<CalendarFeed> {
  return apiRequest('/calendar-feed', { signal });
}

/** `POST /api/calendar-feed`: a new secret address; the old one stops working. */
function createCalendarFeed(): Promise<CalendarFeed> {
  return apiRequest('/calendar-feed', { method: 'POST', body: {} });
}

/** `DELETE /api/calendar-feed`: no address; subscribed calendars stop updating. */
function deleteCalendarFeed(): Promise<CalendarFeed> {
  return apiRequest('/calendar-feed', { method: 'DELETE' });
}

type Confirm = 'reset' | 'off' | null;

/**
 * Settings → Calendar feed: the signed-in member's visits as an iCal address for Google
 * Calendar, Apple Calendar or Outlook. Shown to the roles that see the schedule.
 */
export function CalendarFeedSection() {
  const { role } = useSession();
  if (!JOBS_ROUTE_ROLES.includes(role)) return null;
  return <CalendarFeedCard />;
}

function CalendarFeedCard() {
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const feed = useQuery({
    queryKey: calendarFeedQueryKey,
    queryFn: ({ signal }) => getCalendarFeed(signal),
  });
  const save = (answer: CalendarFeed) => queryClient.setQueryData(calendarFeedQueryKey, answer);
  const create = useMutation({
    mutationFn: (_reset: boolean) => createCalendarFeed(),
    onSuccess: (answer, reset) => {
      save(answer);
      setConfirm(null);
      if (reset)
        toast.success('Calendar link reset', { description: 'The old link no longer works.' });
      else toast.success('Calendar link ready');
    },
    onError: (error) =>
      toast.error(errorMessage(error, 'Could not create the calendar link. Please try again.')),
  });
  const turnOff = useMutation({
    mutationFn: deleteCalendarFeed,
    onSuccess: (answer) => {
      save(answer);
      setConfirm(null);
      toast.success('Calendar feed turned off');
    },
    onError: (error) =>
      toast.error(errorMessage(error, 'Could not turn off the calendar feed. Please try again.')),
  });
  const pending = create.isPending || turnOff.isPending;
  const url = feed.data?.url ?? null;

  return (
    <Card className="space-y-3 p-5 sm:p-6">
      <div>
        <h3 className="flex items-center gap-2 font-semibold">
          <CalendarSync aria-hidden="true" className="size-4 text-muted-foreground" />
          Calendar feed
        </h3>
        <p className="text-sm text-muted-foreground">
          Subscribe to your visits in Google Calendar, Apple Calendar or Outlook. Keep the link to
          yourself: anyone who has it can see your visits.
        </p>
      </div>
      {feed.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading...
        </p>
      ) : feed.isError ? (
        <Alert tone="error">
          {errorMessage(feed.error, 'Could not load your calendar feed.')}{' '}
          <Button variant="link" className="h-auto p-0" onClick={() => void feed.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : url === null ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm">Your calendar feed is off.</p>
          <Button onClick={() => create.mutate(false)} disabled={pending}>
            {create.isPending ? 'Creating...' : 'Create link'}
          </Button>
        </div>
      ) : (
        <>
          <CopyLinkField url={url} label="Calendar feed link" />
          <p className="text-xs text-muted-foreground">
            In your calendar app choose “Subscribe to calendar” (or “From URL”) and paste the link.
            Calendars refresh a subscribed feed every few hours.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setConfirm('reset')} disabled={pending}>
              Reset link
            </Button>
            <Button variant="outline" onClick={() => setConfirm('off')} disabled={pending}>
              Turn off
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirm === 'reset'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Reset the calendar link?"
        description="The old link stops working. Calendars subscribed to it stop updating until you subscribe with the new link."
        confirmLabel="Reset link"
        cancelLabel="Cancel"
        destructive
        pending={create.isPending}
        onConfirm={() => create.mutate(true)}
      />
      <ConfirmDialog
        open={confirm === 'off'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Turn off the calendar feed?"
        description="The link stops working and subscribed calendars stop updating. You can create a new link later."
        confirmLabel="Turn off"
        cancelLabel="Cancel"
        destructive
        pending={turnOff.isPending}
        onConfirm={() => turnOff.mutate()}
      />
    </Card>
  );
}
