import { FIELD_LIMITS, type ClientHub } from '@crewdesk/domain';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { fieldClassName, Input, Textarea } from '@/components/ui/input';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { useRequestWork } from '@/entities/client-hub/client-hub';

/** "Request work": the business's request form, with the client's details on file. */
export function RequestWorkForm({ hub }: { hub: ClientHub }) {
  const send = useRequestWork();
  const [service, setService] = useState(hub.services[0]?.id ?? '');
  const [address, setAddress] = useState(hub.contact.address ?? '');
  const [message, setMessage] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    send.mutate({ service, address, message });
  }

  if (send.isSuccess) {
    return (
      <Alert tone="success" role="status">
        {send.data.message}
      </Alert>
    );
  }
  return (
    <Card className="p-4 sm:p-5">
      <form aria-label="Request work" className="space-y-4" noValidate onSubmit={submit}>
        <p className="text-sm text-muted-foreground">
          We will reply to {hub.contact.firstName} {hub.contact.lastName}
          {hub.contact.email ? ` at ${hub.contact.email}` : ''}.
        </p>
        <RequestErrorAlert request={send} fallback="Your request could not be sent. Try again." />
        <FormField label="Service">
          <select
            className={fieldClassName}
            value={service}
            onChange={(e) => setService(e.target.value)}
          >
            {hub.services.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Address" optional>
          <Input
            value={address}
            maxLength={FIELD_LIMITS.text.multilineAddress}
            onChange={(e) => setAddress(e.target.value)}
            autoComplete="street-address"
          />
        </FormField>
        <FormField label="What do you need?" optional>
          <Textarea
            value={message}
            maxLength={FIELD_LIMITS.text.longText}
            onChange={(e) => setMessage(e.target.value)}
          />
        </FormField>
        <SubmitButton pending={send.isPending} pendingLabel="Sending...">
          Send request
        </SubmitButton>
      </form>
    </Card>
  );
}
