import {
  LOST_REASONS_MAX,
  NUDGE_DAYS_MAX,
  salesSettingsInputSchema,
  type SalesSettings,
} from '@crewdesk/domain';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { DialogSubmitFooter, FormDialog, type ControlledDialogProps } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PageLoading } from '@/components/ui/page-loading';
import { errorMessage } from '@/lib/api-client';
import { useSalesSettings, useSaveSalesSettings } from '../api/sales-api';

/** The pipeline's settings (managers): lost reasons, nudge days, the team view for sales people. */
export function SalesSettingsDialog(props: ControlledDialogProps) {
  return (
    <FormDialog {...props} title="Pipeline settings" className="max-w-lg">
      {(close) => <SettingsBody onDone={close} />}
    </FormDialog>
  );
}

function SettingsBody({ onDone }: { onDone: () => void }) {
  const settings = useSalesSettings();
  if (settings.isPending) return <PageLoading />;
  if (settings.isError)
    return (
      <LoadErrorAlert
        title="Could not load the pipeline settings"
        error={settings.error}
        onRetry={() => void settings.refetch()}
      />
    );
  return <SettingsForm settings={settings.data} onDone={onDone} />;
}

function SettingsForm({ settings, onDone }: { settings: SalesSettings; onDone: () => void }) {
  const save = useSaveSalesSettings();
  const [teamVisible, setTeamVisible] = useState(settings.teamVisible);
  const [nudgeDays, setNudgeDays] = useState(String(settings.nudgeDays));
  const [reasons, setReasons] = useState(settings.lostReasons.join('\n'));
  const [errors, setErrors] = useState<{ nudgeDays?: string; lostReasons?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = salesSettingsInputSchema.safeParse({
      teamVisible,
      nudgeDays: Number(nudgeDays),
      lostReasons: reasons
        .split('\n')
        .map((r) => r.trim())
        .filter(Boolean),
      probabilities: {
        new: settings.probabilities.new,
        contacted: settings.probabilities.contacted,
        quoted: settings.probabilities.quoted,
      },
    });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'nudgeDays' || field === 'lostReasons') next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Pipeline settings saved');
        onDone();
      },
      onError: (error) =>
        toast.error('Could not save the pipeline settings', {
          description: errorMessage(error, 'Please try again.'),
        }),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField
        label="Lost reasons"
        error={errors.lostReasons}
        hint={`One per line, up to ${LOST_REASONS_MAX}. Marking an opportunity lost asks for one of them.`}
      >
        <Textarea value={reasons} onChange={(e) => setReasons(e.target.value)} rows={8} />
      </FormField>
      <FormField
        label="Days before a viewed quote needs a nudge"
        error={errors.nudgeDays}
        hint={`A quote the client viewed and has not answered after this many days (1 to ${NUDGE_DAYS_MAX}).`}
      >
        <Input
          type="number"
          min={1}
          max={NUDGE_DAYS_MAX}
          value={nudgeDays}
          onChange={(e) => setNudgeDays(e.target.value)}
          className="block w-28"
        />
      </FormField>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4"
          checked={teamVisible}
          onChange={(e) => setTeamVisible(e.target.checked)}
        />
        <span>
          Sales people may see the team’s opportunities
          <span className="block text-xs text-muted-foreground">
            Otherwise each sees their own and the ones nobody owns yet.
          </span>
        </span>
      </label>
      <DialogSubmitFooter pending={save.isPending} label="Save" pendingLabel="Saving…" />
    </form>
  );
}
