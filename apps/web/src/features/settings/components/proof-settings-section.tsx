import {
  isRoleAllowed,
  PROOF_RESPONSE_DAYS_MAX,
  PROOF_RESPONSE_DAYS_MIN,
  PROOF_SETTINGS_ROLES,
  type ProofSettings,
} from '@crewdesk/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PageLoading } from '@/components/ui/page-loading';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { apiRequest } from '@/lib/api-client';
import { useSession } from '@/lib/session/session-context';

const KEY = ['proof-of-service', 'settings'] as const;

/** Settings → Proof of service (admins): the days a client has to answer for a visit. */
export function ProofSettingsSection() {
  const { role, activeAccountId } = useSession();
  if (!isRoleAllowed(role, activeAccountId, PROOF_SETTINGS_ROLES))
    return <Alert>Only the business owner or an admin can change this setting.</Alert>;
  return <ProofSettingsLoader />;
}

function ProofSettingsLoader() {
  const settings = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => apiRequest<ProofSettings>('/proof-of-service/settings', { signal }),
  });
  if (settings.isPending) return <PageLoading />;
  if (settings.isError)
    return (
      <LoadErrorAlert
        title="Could not load the proof of service setting"
        error={settings.error}
        onRetry={() => void settings.refetch()}
      />
    );
  return <ProofSettingsForm settings={settings.data} />;
}

function ProofSettingsForm({ settings }: { settings: ProofSettings }) {
  const queryClient = useQueryClient();
  const [days, setDays] = useState(String(settings.responseDays));
  const save = useMutation({
    mutationFn: (responseDays: number) =>
      apiRequest<ProofSettings>('/proof-of-service/settings', {
        method: 'PUT',
        body: { responseDays },
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(KEY, saved);
      toast.success('Proof of service setting saved');
    },
  });
  const value = Number(days);
  const invalid =
    !Number.isInteger(value) || value < PROOF_RESPONSE_DAYS_MIN || value > PROOF_RESPONSE_DAYS_MAX;
  const [submitted, setSubmitted] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!invalid) save.mutate(value);
  }

  return (
    <Card className="p-4 sm:p-6">
      <form noValidate aria-label="Proof of service" className="space-y-4" onSubmit={submit}>
        <RequestErrorAlert request={save} fallback="Could not save the setting. Try again." />
        <FormField
          label="Days to answer"
          error={
            submitted && invalid
              ? `Enter a whole number from ${PROOF_RESPONSE_DAYS_MIN} to ${PROOF_RESPONSE_DAYS_MAX}.`
              : undefined
          }
          hint="When a visit is completed, its client gets a page with the times, the checklist and the shared photos, and may confirm it or report a problem for this many days."
        >
          <Input
            type="number"
            inputMode="numeric"
            min={PROOF_RESPONSE_DAYS_MIN}
            max={PROOF_RESPONSE_DAYS_MAX}
            className="max-w-32"
            value={days}
            onChange={(e) => setDays(e.target.value)}
          />
        </FormField>
        <SubmitButton pending={save.isPending} pendingLabel="Saving...">
          Save
        </SubmitButton>
      </form>
    </Card>
  );
}
