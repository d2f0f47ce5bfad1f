import type { JobPerson, MoveVisitInput, VisitSummary } from '@crewdesk/domain';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { fieldClassName, Input, Label } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { DEFAULT_DROP_TIME } from '../lib/move-visit';
import { UNASSIGNED_LANE, visitDate, visitTimeOfDay } from '../lib/visit-grouping';

interface MoveVisitDialogProps {
  visit: VisitSummary | null;
  members: readonly JobPerson[];
  /** The default date for a visit without one. */
  fallbackDate: string;
  onOpenChange: (open: boolean) => void;
  onSubmit: (visit: VisitSummary, move: MoveVisitInput) => void;
}

const personName = (p: JobPerson) => `${p.firstName} ${p.lastName}`.trim();

/** The keyboard's way to do what a drag does: a new date, time or team member. */
export function MoveVisitDialog({ visit, onOpenChange, ...props }: MoveVisitDialogProps) {
  return (
    <Dialog open={visit !== null} onOpenChange={onOpenChange}>
      {visit ? (
        <DialogContent title="Move visit" description={visit.title}>
          <MoveVisitForm
            key={visit.id}
            visit={visit}
            onCancel={() => onOpenChange(false)}
            {...props}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function MoveVisitForm({
  visit,
  members,
  fallbackDate,
  onSubmit,
  onCancel,
}: Omit<MoveVisitDialogProps, 'visit' | 'onOpenChange'> & {
  visit: VisitSummary;
  onCancel: () => void;
}) {
  const ids = { date: useId(), time: useId(), from: useId(), to: useId() };
  const [date, setDate] = useState(visitDate(visit) ?? fallbackDate);
  const [time, setTime] = useState(visitTimeOfDay(visit) ?? DEFAULT_DROP_TIME);
  const [from, setFrom] = useState(visit.assignees[0]?.id ?? UNASSIGNED_LANE);
  const [to, setTo] = useState(visit.assignees[0]?.id ?? UNASSIGNED_LANE);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date) && /^\d{2}:\d{2}$/.test(time);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid) return;
    const move: MoveVisitInput = { startsAt: `${date}T${time}:00`, version: visit.version };
    if (from !== to) {
      move.fromAssigneeId = from === UNASSIGNED_LANE ? null : from;
      move.toAssigneeId = to === UNASSIGNED_LANE ? null : to;
    }
    onSubmit(visit, move);
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Move visit">
      <div className="grid grid-cols-2 gap-3">
        <div className="space-y-1.5">
          <Label htmlFor={ids.date}>Date</Label>
          <Input
            id={ids.date}
            type="date"
            required
            value={date}
            onChange={(e) => setDate(e.target.value)}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={ids.time}>Time</Label>
          <Input
            id={ids.time}
            type="time"
            step={900}
            required
            value={time}
            onChange={(e) => setTime(e.target.value.slice(0, 5))}
          />
        </div>
      </div>
      {visit.assignees.length > 1 ? (
        <div className="space-y-1.5">
          <Label htmlFor={ids.from}>Instead of</Label>
          <select
            id={ids.from}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            className={cn(fieldClassName, 'h-10 py-2')}
          >
            {visit.assignees.map((p) => (
              <option key={p.id} value={p.id}>
                {personName(p)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="space-y-1.5">
        <Label htmlFor={ids.to}>Team member</Label>
        <select
          id={ids.to}
          value={to}
          onChange={(e) => setTo(e.target.value)}
          className={cn(fieldClassName, 'h-10 py-2')}
        >
          <option value={UNASSIGNED_LANE}>Unassigned</option>
          {members.map((p) => (
            <option key={p.id} value={p.id}>
              {personName(p)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={!valid}>
          Move
        </Button>
      </div>
    </form>
  );
}
