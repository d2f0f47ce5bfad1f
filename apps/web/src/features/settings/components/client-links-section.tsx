import {
  CLIENT_HUB_LINK_LIFETIME,
  clientHubSettingsSchema,
  type ClientHubSettings,
} from '@crewdesk/domain';
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
import {
  useClientHubSettings,
  useMayManageClientHub,
  useSaveClientHubSettings,
} from '@/entities/client-hub/client-hub';

/** Settings → Client links (managers): how long a link sent to a client opens their hub. */
export function ClientLinksSection() {
  if (!useMayManageClientHub())
    return <Alert>Only the business owner, an admin or a manager can change client links.</Alert>;
  return <ClientLinksLoader />;
}

function ClientLinksLoader() {
  const settings = useClientHubSettings();
  if (settings.isPending) return <PageLoading />;
  if (settings.isError)
    return (
      <LoadErrorAlert
        title="Could not load the client link settings"
        error={settings.error}
        onRetry={() => void settings.refetch()}
      />
    );
  return <ClientLinksForm settings={settings.data} />;
}

function ClientLinksForm({ settings }: { settings: ClientHubSettings }) {
  const save = useSaveClientHubSettings();
  const [days, setDays] = useState(String(settings.linkLifetimeDays));
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = clientHubSettingsSchema.safeParse({ linkLifetimeDays: Number(days) });
    if (!parsed.success || days.trim() === '') {
      setError(
        parsed.error?.issues[0]?.message ??
          `Link lifetime must be between ${CLIENT_HUB_LINK_LIFETIME.min} and ${CLIENT_HUB_LINK_LIFETIME.max.toLocaleString('en-US')}.`,
      );
      return;
    }
    setError(undefined);
    save.mutate(parsed.data, { onSuccess: () => toast.success('Client link settings saved') });
  }

  return (
    <Card className="p-4 sm:p-6">
      <form noValidate aria-label="Client links" className="space-y-4" onSubmit={submit}>
        <RequestErrorAlert request={save} fallback="Could not save the settings. Try again." />
        <FormField
          label="Link lifetime (days)"
          error={error}
          hint="A link you send (an estimate, an invoice, an inspection report) opens the client's hub for this many days after it was sent. The document itself stays open. To stop every link of one contact at once, use Revoke all client links on the contact's page."
        >
          <Input
            type="number"
            inputMode="numeric"
            min={CLIENT_HUB_LINK_LIFETIME.min}
            max={CLIENT_HUB_LINK_LIFETIME.max}
            value={days}
            onChange={(e) => setDays(e.target.value)}
            className="block max-w-32"
          />
        </FormField>
        <SubmitButton pending={save.isPending} pendingLabel="Saving...">
          Save
        </SubmitButton>
      </form>
    </Card>
  );
}
