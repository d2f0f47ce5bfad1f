import { lazy, Suspense, useId, useState } from 'react';
import { timeZoneLabel } from '@/components/time-zone-select';
import { Button } from '@/components/ui/button';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { browserTimeZone } from '@/lib/time-zone';
import { useChooseTimeZone } from '../api/choose-time-zone';

const TimeZoneChoiceForm = lazy(() =>
  import('./time-zone-choice-form').then((m) => ({ default: m.TimeZoneChoiceForm })),
);

/**
 * Asked once, of the admins of a business that never chose its time zone (it is read as UTC
 * until then), on the home they land on: the browser's zone is proposed, one click to take it,
 * or another chosen from the list (loaded and drawn only when asked for: every zone is an
 * option). It blocks nothing: the answer is the business's, and the session then carries it.
 */
export function TimeZoneQuestion() {
  const headingId = useId();
  const [choosing, setChoosing] = useState(false);
  const proposed = browserTimeZone();
  const mutation = useChooseTimeZone();

  return (
    <section
      aria-labelledby={headingId}
      className="mb-6 rounded-lg border border-primary/30 bg-primary/5 p-4"
    >
      <h2 id={headingId} className="text-base font-semibold">
        Which time zone is your business in?
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Times are shown in UTC until you choose. Visits, due dates, reports and e-mails follow the
        business's time zone.
      </p>
      {choosing ? (
        <Suspense fallback={<p className="mt-3 text-sm text-muted-foreground">Loading...</p>}>
          <TimeZoneChoiceForm proposed={proposed} labelledBy={headingId} />
        </Suspense>
      ) : (
        <div className="mt-3 space-y-3">
          <RequestErrorAlert request={mutation} fallback="Could not save the time zone." />
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={mutation.isPending}
              onClick={() => mutation.mutate({ timeZone: proposed })}
            >
              {mutation.isPending ? 'Saving...' : `Use ${timeZoneLabel(proposed)}`}
            </Button>
            <Button variant="outline" onClick={() => setChoosing(true)}>
              Choose another
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
