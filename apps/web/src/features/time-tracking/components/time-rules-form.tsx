import { timeSettingsSchema, type TimeSettingsInput } from '@crewdesk/domain';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Card } from '@/components/ui/card';
import { Input, Label, fieldClassName } from '@/components/ui/input';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { useSaveTimeSettings, useTimeSettings } from '@/entities/time/api/time-api';
import { cn } from '@/lib/cn';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The business's time rules, for admins and managers: the week, overtime, timers, locations. */
export function TimeRulesCard() {
  const settings = useTimeSettings();
  return (
    <Card className="p-4">
      <h2 className="text-base font-semibold">Time rules</h2>
      {settings.isPending ? (
        <p className="mt-2 text-sm text-muted-foreground">Loading…</p>
      ) : settings.isError ? (
        <p className="mt-2 text-sm text-destructive">Could not load the time rules.</p>
      ) : (
        <TimeRulesForm rules={settings.data} />
      )}
    </Card>
  );
}

function TimeRulesForm({ rules }: { rules: TimeSettingsInput }) {
  const ids = useId();
  const save = useSaveTimeSettings();
  const [values, setValues] = useState({
    weekStartsOn: String(rules.weekStartsOn),
    weeklyOvertimeHours: String(rules.weeklyOvertimeHours),
    dailyOvertimeHours: rules.dailyOvertimeHours === null ? '' : String(rules.dailyOvertimeHours),
    forgottenPunchHours: String(rules.forgottenPunchHours),
    locationRetentionDays: String(rules.locationRetentionDays),
  });
  const [problem, setProblem] = useState<string | null>(null);
  const set = (field: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = timeSettingsSchema.safeParse({
      weekStartsOn: Number(values.weekStartsOn),
      weeklyOvertimeHours: Number(values.weeklyOvertimeHours),
      dailyOvertimeHours:
        values.dailyOvertimeHours === '' ? null : Number(values.dailyOvertimeHours),
      forgottenPunchHours: Number(values.forgottenPunchHours),
      locationRetentionDays: Number(values.locationRetentionDays),
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the rules.');
      return;
    }
    setProblem(null);
    save.mutate(parsed.data, { onSuccess: () => toast.success('Time rules saved.') });
  }

  const numberField = (field: keyof typeof values, label: string, hint?: string) => (
    <div className="space-y-1.5">
      <Label htmlFor={`${ids}-${field}`}>{label}</Label>
      <Input
        id={`${ids}-${field}`}
        type="number"
        inputMode="decimal"
        value={values[field]}
        placeholder={hint}
        onChange={(e) => set(field)(e.target.value)}
      />
    </div>
  );

  return (
    <form noValidate onSubmit={submit} aria-label="Time rules" className="mt-3 space-y-3">
      <RequestErrorAlert request={save} fallback="Could not save the time rules. Try again." />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <div className="space-y-1.5">
          <Label htmlFor={`${ids}-weekStartsOn`}>Weeks start on</Label>
          <select
            id={`${ids}-weekStartsOn`}
            value={values.weekStartsOn}
            onChange={(e) => set('weekStartsOn')(e.target.value)}
            className={cn(fieldClassName, 'h-10')}
          >
            {WEEKDAYS.map((day, i) => (
              <option key={day} value={i}>
                {day}
              </option>
            ))}
          </select>
        </div>
        {numberField('weeklyOvertimeHours', 'Weekly overtime after (hours)')}
        {numberField('dailyOvertimeHours', 'Daily overtime after (hours)', 'No daily rule')}
        {numberField('forgottenPunchHours', 'Stop a forgotten timer after (hours)')}
        {numberField('locationRetentionDays', 'Keep punch locations for (days)')}
      </div>
      {problem ? <p className="text-sm text-destructive">{problem}</p> : null}
      <SubmitButton pending={save.isPending} pendingLabel="Saving...">
        Save rules
      </SubmitButton>
    </form>
  );
}
