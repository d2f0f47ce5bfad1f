import type { JobPerson } from '@crewdesk/domain';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { fieldClassName, Label } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { SCHEDULE_VIEW_LABELS, SCHEDULE_VIEWS, type ScheduleView } from '../lib/calendar-range';
import { COLOR_MODES, legendOf, type ColorMode } from '../lib/visit-colors';

const COLOR_MODE_LABELS: Record<ColorMode, string> = { type: 'Type', status: 'Status' };

function Segmented<T extends string>({
  label,
  options,
  labels,
  value,
  onChange,
}: {
  label: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex rounded-md border bg-background p-0.5"
    >
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === value}
          onClick={() => onChange(option)}
          className={cn(
            'h-8 rounded px-2.5 text-sm font-medium text-muted-foreground hover:text-foreground',
            option === value && 'bg-primary text-primary-foreground hover:text-primary-foreground',
          )}
        >
          {labels[option]}
        </button>
      ))}
    </div>
  );
}

interface ScheduleToolbarProps {
  title: string;
  view: ScheduleView;
  onViewChange: (view: ScheduleView) => void;
  onToday: () => void;
  onStep: (step: -1 | 1) => void;
  /** The member filter: dispatchers only (null hides it). */
  members: readonly JobPerson[] | null;
  memberId: string;
  onMemberChange: (id: string) => void;
  colorMode: ColorMode;
  onColorModeChange: (mode: ColorMode) => void;
  fetching: boolean;
}

/** Today, back and forward, the range's title, the view, the member filter and the colours. */
export function ScheduleToolbar({
  title,
  view,
  onViewChange,
  onToday,
  onStep,
  members,
  memberId,
  onMemberChange,
  colorMode,
  onColorModeChange,
  fetching,
}: ScheduleToolbarProps) {
  const memberFieldId = useId();
  return (
    <div className="mb-4 space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" onClick={onToday}>
          Today
        </Button>
        <div className="flex">
          <Button variant="ghost" size="icon" aria-label="Previous" onClick={() => onStep(-1)}>
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon" aria-label="Next" onClick={() => onStep(1)}>
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
        <h2 aria-live="polite" className="min-w-0 flex-1 truncate text-lg font-semibold">
          {title}
          {fetching ? <span className="sr-only"> (loading)</span> : null}
        </h2>
        <Segmented
          label="View"
          options={SCHEDULE_VIEWS}
          labels={SCHEDULE_VIEW_LABELS}
          value={view}
          onChange={onViewChange}
        />
      </div>
      <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
        {members ? (
          <div className="w-full space-y-1 sm:w-56">
            <Label htmlFor={memberFieldId} className="text-xs text-muted-foreground">
              Team member
            </Label>
            <select
              id={memberFieldId}
              value={memberId}
              onChange={(event) => onMemberChange(event.target.value)}
              className={cn(fieldClassName, 'h-9 py-1.5')}
            >
              <option value="">Everyone</option>
              {members.map((m) => (
                <option key={m.id} value={m.id}>
                  {`${m.firstName} ${m.lastName}`.trim()}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="space-y-1">
          <span className="block text-xs text-muted-foreground">Color by</span>
          <Segmented
            label="Color by"
            options={COLOR_MODES}
            labels={COLOR_MODE_LABELS}
            value={colorMode}
            onChange={onColorModeChange}
          />
        </div>
        <ul
          aria-label="Legend"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 pb-1.5 text-xs"
        >
          {legendOf(colorMode).map((row) => (
            <li key={row.label} className="flex items-center gap-1.5">
              <span aria-hidden="true" className={cn('size-2.5 rounded-sm', row.swatch)} />
              {row.label}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
