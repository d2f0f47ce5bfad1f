import { hasBusinessAdminRights, type WebhookEndpoint } from '@crewdesk/domain';
import { Webhook } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PageLoading } from '@/components/ui/page-loading';
import { formatInstant } from '@/lib/format';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session/session-context';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useTestWebhook,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhookEndpoints,
  useWebhookEventTypes,
} from '../api/webhooks-api';
import { TableHead } from '@/components/ui/table-head';
import { SubmitButton } from '@/components/ui/submit-button';
import { AssistantActivity } from './assistant-activity';
import { AssistantModelCard } from './assistant-model-card';

/** Settings → Integrations: the assistant's AI model and its activity, and outgoing webhooks (admins). */
export function IntegrationsSection() {
  const { role } = useSession();
  if (!hasBusinessAdminRights(role))
    return <Alert>Only the business owner or an admin can manage integrations.</Alert>;
  return (
    <div className="space-y-6">
      <AssistantModelCard />
      <AssistantActivity />
      <Webhooks />
    </div>
  );
}

function Webhooks() {
  const endpoints = useWebhookEndpoints();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <div className="space-y-4">
      <Card className="p-4 sm:p-6">
        <h3 className="text-base font-semibold">Webhooks</h3>
        <p className="mt-1 text-sm text-muted-foreground">
          Crewdesk sends the events you choose to your address as signed JSON (Standard Webhooks),
          retrying until it answers. Each carries ids, never the record itself.
        </p>
        {secret ? (
          <Alert tone="success" className="mt-4">
            <p className="font-medium">Endpoint added. Its signing secret, shown this once:</p>
            <code className="mt-1 block break-all">{secret}</code>
            <Button
              variant="outline"
              size="sm"
              className="mt-2"
              onClick={() =>
                void navigator.clipboard
                  .writeText(secret)
                  .then(() => toast.success('Secret copied'))
              }
            >
              Copy secret
            </Button>
          </Alert>
        ) : null}
        <AddEndpointForm onAdded={setSecret} />
      </Card>
      {endpoints.isPending ? (
        <PageLoading />
      ) : endpoints.isError ? (
        <Alert tone="error">{errorMessage(endpoints.error, 'Could not load the webhooks.')}</Alert>
      ) : endpoints.data.length === 0 ? (
        <EmptyState icon={Webhook} title="No webhooks yet">
          Add an address above to send this business’s events to another system.
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {endpoints.data.map((endpoint) => (
            <li key={endpoint.id}>
              <EndpointCard endpoint={endpoint} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function EventTypeChoices({
  chosen,
  onChange,
}: {
  chosen: readonly string[];
  onChange: (next: string[]) => void;
}) {
  const types = useWebhookEventTypes();
  if (types.isPending) return <p className="text-sm text-muted-foreground">Loading events...</p>;
  if (types.isError) return <Alert tone="error">Could not load the event list.</Alert>;
  return (
    <fieldset>
      <legend className="text-sm font-medium">Events</legend>
      <div className="mt-2 grid max-h-56 grid-cols-1 gap-1 overflow-y-auto rounded-md border p-2 sm:grid-cols-2">
        {types.data.map((type) => (
          <label key={type} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={chosen.includes(type)}
              onChange={(e) =>
                onChange(e.target.checked ? [...chosen, type] : chosen.filter((t) => t !== type))
              }
            />
            <code>{type}</code>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function AddEndpointForm({ onAdded }: { onAdded: (secret: string) => void }) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [eventTypes, setEventTypes] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateWebhook();

  function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    create.mutate(
      { url, description, eventTypes },
      {
        onSuccess: (created) => {
          onAdded(created.secret);
          setUrl('');
          setDescription('');
          setEventTypes([]);
        },
        onError: (err) => setError(errorMessage(err, 'Could not add the endpoint.')),
      },
    );
  }

  return (
    <form aria-label="Add a webhook endpoint" className="mt-4 space-y-3" onSubmit={submit}>
      <FormField label="Endpoint address">
        <Input
          type="url"
          inputMode="url"
          placeholder="https://example.com/crewdesk-events"
          value={url}
          maxLength={2000}
          required
          onChange={(e) => setUrl(e.target.value)}
        />
      </FormField>
      <FormField label="Description" optional>
        <Input
          value={description}
          maxLength={200}
          onChange={(e) => setDescription(e.target.value)}
        />
      </FormField>
      <EventTypeChoices chosen={eventTypes} onChange={setEventTypes} />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <SubmitButton pending={create.isPending} pendingLabel="Adding...">
        Add endpoint
      </SubmitButton>
    </form>
  );
}

function EndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [showLog, setShowLog] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const toggle = () =>
    update.mutate(
      { ...endpoint, enabled: !endpoint.enabled },
      {
        onSuccess: (saved) =>
          toast.success(saved.enabled ? 'Webhook turned on' : 'Webhook turned off'),
        onError: (err) => toast.error(errorMessage(err, 'Could not change the webhook.')),
      },
    );
  return (
    <Card className="p-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="break-all font-medium">{endpoint.url}</p>
          {endpoint.description ? (
            <p className="text-sm text-muted-foreground">{endpoint.description}</p>
          ) : null}
          <p className="mt-1 text-xs text-muted-foreground">
            {endpoint.enabled ? 'On' : 'Off'} · {endpoint.eventTypes.length}{' '}
            {endpoint.eventTypes.length === 1 ? 'event' : 'events'}:{' '}
            {endpoint.eventTypes.join(', ')}
          </p>
        </div>
        <div className="flex flex-wrap gap-2 sm:shrink-0">
          <Button
            variant="outline"
            size="sm"
            disabled={test.isPending || !endpoint.enabled}
            onClick={() =>
              test.mutate(endpoint.id, {
                onSuccess: () => {
                  setShowLog(true);
                  toast.success('Test event sent');
                },
                onError: (err) => toast.error(errorMessage(err, 'Could not send the test.')),
              })
            }
          >
            Send test
          </Button>
          <Button
            variant="outline"
            size="sm"
            aria-expanded={showLog}
            onClick={() => setShowLog((v) => !v)}
          >
            Delivery log
          </Button>
          <Button variant="outline" size="sm" disabled={update.isPending} onClick={toggle}>
            {endpoint.enabled ? 'Turn off' : 'Turn on'}
          </Button>
          <Button variant="outline" size="sm" onClick={() => setConfirmRemove(true)}>
            Remove
          </Button>
        </div>
      </div>
      {showLog ? <DeliveryLog endpointId={endpoint.id} /> : null}
      <ConfirmDialog
        open={confirmRemove}
        onOpenChange={setConfirmRemove}
        title="Remove this webhook?"
        description="Crewdesk stops sending events to this address, and its delivery log is deleted."
        confirmLabel="Remove"
        cancelLabel="Keep it"
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(endpoint.id, {
            onSuccess: () => toast.success('Webhook removed'),
            onError: (err) => toast.error(errorMessage(err, 'Could not remove the webhook.')),
          })
        }
      />
    </Card>
  );
}

const STATUS_LABELS = {
  pending: 'Waiting to retry',
  sending: 'Sending',
  succeeded: 'Delivered',
  failed: 'Failed',
} as const;

function DeliveryLog({ endpointId }: { endpointId: string }) {
  const deliveries = useWebhookDeliveries(endpointId);
  if (deliveries.isPending)
    return <p className="mt-3 text-sm text-muted-foreground">Loading deliveries...</p>;
  if (deliveries.isError)
    return (
      <Alert tone="error" className="mt-3">
        Could not load the delivery log.
      </Alert>
    );
  if (deliveries.data.length === 0)
    return <p className="mt-3 text-sm text-muted-foreground">Nothing sent yet.</p>;
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full min-w-[32rem] text-sm">
        <caption className="sr-only">Deliveries to this address</caption>
        <TableHead
          className="border-b text-left"
          cellClassName="py-1.5 pr-2"
          headings={[
            { label: 'Event' },
            { label: 'Status' },
            { label: 'Answer' },
            { label: 'Attempts' },
            { label: 'Sent' },
          ]}
        />
        <tbody>
          {deliveries.data.map((d) => (
            <tr key={d.id} className="border-b last:border-b-0 align-top">
              <td className="py-1.5 pr-2">
                <code>{d.eventType}</code>
              </td>
              <td className="py-1.5 pr-2">
                {STATUS_LABELS[d.status]}
                {d.lastError && d.status !== 'succeeded' ? (
                  <span className="block text-xs text-destructive">{d.lastError}</span>
                ) : null}
              </td>
              <td className="py-1.5 pr-2">{d.responseStatus ?? '—'}</td>
              <td className="py-1.5 pr-2">{d.attempts}</td>
              <td className="py-1.5">{formatInstant(d.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
