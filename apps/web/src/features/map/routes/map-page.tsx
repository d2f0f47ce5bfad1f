import type { RouteSuggestion } from '@crewdesk/domain';
import { Route } from 'lucide-react';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { fieldClassName, Input, Label } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoading } from '@/components/ui/page-loading';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useTeamMemberNames } from '@/entities/team-member/api/team-member-options';
import { useApplyRoute } from '../api/apply-route';
import { useMapDay } from '../api/get-map';
import { useSuggestRoute } from '../api/suggest-route';
import { MapVisitList } from '../components/map-visit-list';
import { RoutePanel } from '../components/route-panel';
import { businessToday } from '@/lib/business-today';
import { pinNumbers, routeLine, suggestedVisits } from '../lib/map-visits';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';

// Leaflet is heavy: it loads with this page's map only, never with the app's first load.
const VisitsMap = lazy(() => import('../components/visits-map'));

export const NO_TILES_NOTE = 'Map tiles are not available; pins are shown without a base map.';

interface Suggested {
  date: string;
  assigneeId: string;
  suggestion: RouteSuggestion;
}

/** Spec section 6: /map (admins and managers). A day's visits and a suggested visiting order. */
export function MapPage() {
  const ids = { date: useId(), member: useId() };
  const [date, setDate] = useState(() => businessToday());
  const [assigneeId, setAssigneeId] = useState('');
  const [suggested, setSuggested] = useState<Suggested | null>(null);
  const { members, nameOf } = useTeamMemberNames();
  const map = useMapDay(date, assigneeId);
  const suggest = useSuggestRoute();
  const apply = useApplyRoute();

  const answer = map.data;
  // A suggestion belongs to its day and member: another choice hides it.
  const suggestion =
    suggested && suggested.date === date && suggested.assigneeId === assigneeId
      ? suggested.suggestion
      : null;
  const numbers = useMemo(() => pinNumbers(answer?.visits ?? [], suggestion), [answer, suggestion]);
  const line = useMemo(
    () =>
      suggestion && answer
        ? routeLine(suggestion.start ?? answer.start, suggestedVisits(answer.visits, suggestion))
        : [],
    [answer, suggestion],
  );

  function requestSuggestion() {
    if (!assigneeId) return;
    const request = { date, assigneeId };
    suggest.mutate(request, {
      onSuccess: (result) => setSuggested({ ...request, suggestion: result }),
      onError: (error) =>
        toast.error(errorMessage(error, 'Could not suggest an order. Please try again.')),
    });
  }

  function applySuggestion() {
    if (!suggestion) return;
    apply.mutate(
      { date, assigneeId, order: suggestion.order },
      {
        onSuccess: () => {
          setSuggested(null);
          toast.success('Schedule updated', {
            description: 'The visits now follow the suggested order.',
          });
        },
        onError: (error) =>
          toast.error(errorMessage(error, 'Could not update the schedule. Please try again.')),
      },
    );
  }

  return (
    <>
      <PageHeader
        title="Map"
        description="Where the day’s work is, and a good order to visit it."
      />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="w-full space-y-1 sm:w-44">
          <Label htmlFor={ids.date} className="text-xs text-muted-foreground">
            Date
          </Label>
          <Input
            id={ids.date}
            type="date"
            required
            value={date}
            onChange={(event) => {
              if (event.target.value) setDate(event.target.value);
            }}
          />
        </div>
        <div className="w-full space-y-1 sm:w-56">
          <Label htmlFor={ids.member} className="text-xs text-muted-foreground">
            Team member
          </Label>
          <select
            id={ids.member}
            value={assigneeId}
            onChange={(event) => setAssigneeId(event.target.value)}
            className={cn(fieldClassName, 'h-10 py-2')}
          >
            <option value="">Everyone</option>
            {members.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <Button
            variant="outline"
            onClick={requestSuggestion}
            disabled={!assigneeId || suggest.isPending}
            aria-describedby={assigneeId ? undefined : `${ids.member}-hint`}
          >
            <Route aria-hidden="true" />
            {suggest.isPending ? 'Suggesting...' : 'Suggest order'}
          </Button>
        </div>
        {!assigneeId ? (
          <p
            id={`${ids.member}-hint`}
            className="w-full text-xs text-muted-foreground sm:w-auto sm:pb-3"
          >
            Choose a team member to suggest an order for their visits.
          </p>
        ) : null}
      </div>

      {map.isPending ? (
        <PageLoading />
      ) : map.isError && !answer ? (
        <LoadErrorAlert
          title="Could not load the map"
          error={map.error}
          onRetry={() => void map.refetch()}
          fallback="Something went wrong. Please try again."
        />
      ) : answer ? (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0 space-y-2">
            <div
              data-testid="visits-map"
              aria-label="Map of the day’s visits"
              role="region"
              className="isolate h-[55vh] min-h-72 overflow-hidden rounded-lg border bg-slate-100 dark:bg-slate-800"
            >
              <Suspense fallback={<PageLoading className="h-full" />}>
                <VisitsMap answer={answer} numbers={numbers} line={line} />
              </Suspense>
            </div>
            {answer.tileUrl === null ? (
              <p className="text-xs text-muted-foreground">{NO_TILES_NOTE}</p>
            ) : null}
          </div>
          <div className="space-y-4">
            {suggestion ? (
              <RoutePanel
                suggestion={suggestion}
                visits={answer.visits}
                memberName={nameOf(assigneeId) ?? 'this team member'}
                applying={apply.isPending}
                onApply={applySuggestion}
                onClear={() => setSuggested(null)}
              />
            ) : null}
            <MapVisitList visits={answer.visits} numbers={numbers} />
          </div>
        </div>
      ) : null}
    </>
  );
}
