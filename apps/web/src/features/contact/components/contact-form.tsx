import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FIELD_LIMITS, contactMessageSchema, type ContactMessageValues } from '@crewdesk/domain';
import { Button } from '@/components/ui/button';
import { EmailInput } from '@/components/person-fields';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { useSendContactMessage } from '../api/send-contact-message';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { MutationForm } from '@/components/ui/mutation-form';
import { SubmitButton } from '@/components/ui/submit-button';

type ContactInput = z.input<typeof contactMessageSchema>;

const EMPTY: ContactInput = { name: '', email: '', subject: '', message: '' };

function formatReceivedAt(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}

export function ContactForm({ defaultValues }: { defaultValues?: Partial<ContactInput> }) {
  const form = useForm<ContactInput, unknown, ContactMessageValues>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: { ...EMPTY, ...defaultValues },
  });
  const mutation = useSendContactMessage();
  const { errors } = form.formState;

  if (mutation.isSuccess) {
    const sent = mutation.variables;
    return (
      <div role="status" className="rounded-lg border border-success/30 bg-success/5 p-6">
        <div className="flex items-start gap-3">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
          <div className="space-y-2 text-sm">
            <h2 className="text-base font-semibold">
              Thank you, {sent.name}. Your message has been received.
            </h2>
            <p className="text-muted-foreground">
              It is stored on this Crewdesk installation for the people who run it. They will reply
              to <span className="font-medium text-foreground">{sent.email}</span>.
            </p>
            <p className="text-muted-foreground">
              Reference <span className="font-mono text-foreground">{mutation.data.id}</span>,
              received {formatReceivedAt(mutation.data.receivedAt)}.
            </p>
            <Button
              variant="outline"
              size="sm"
              className="mt-2"
              onClick={() => {
                form.reset({ ...EMPTY, name: sent.name, email: sent.email });
                mutation.reset();
              }}
            >
              Send another message
            </Button>
          </div>
        </div>
      </div>
    );
  }

  return (
    <MutationForm form={form} mutation={mutation} aria-label="Contact form" className="space-y-4">
      <RequestErrorAlert
        request={mutation}
        fallback="Your message could not be sent. Please try again."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Name" error={errors.name?.message}>
          <Input
            autoComplete="name"
            maxLength={FIELD_LIMITS.text.fullName}
            {...form.register('name')}
          />
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          <EmailInput inputMode="email" {...form.register('email')} />
        </FormField>
      </div>
      <FormField label="Subject" optional error={errors.subject?.message}>
        <Input maxLength={FIELD_LIMITS.text.subject} {...form.register('subject')} />
      </FormField>
      <FormField label="Message" error={errors.message?.message}>
        <Textarea rows={6} maxLength={FIELD_LIMITS.text.message} {...form.register('message')} />
      </FormField>
      <SubmitButton pending={mutation.isPending} pendingLabel="Sending...">
        Send message
      </SubmitButton>
    </MutationForm>
  );
}
