import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, FileQuestion } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import type { z } from 'zod';
import {
  FIELD_LIMITS,
  optionLabel,
  PROPERTY_TYPES,
  publicRequestFormSchema,
  type PublicRequestFormInput,
} from '@crewdesk/domain';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { EmailInput, FormPersonNameFields, PhoneInput } from '@/components/person-fields';
import { FormField } from '@/components/ui/form-field';
import { fieldClassName, Input, Textarea } from '@/components/ui/input';
import { PageLoading } from '@/components/ui/page-loading';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useRequestFormInfo, useSendRequestForm } from '../api/request-form';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { MutationForm } from '@/components/ui/mutation-form';
import { SubmitButton } from '@/components/ui/submit-button';
import { SelectOptions } from '@/components/ui/select-options';

type FormInput = z.input<typeof publicRequestFormSchema>;

const EMPTY: FormInput = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  propertyType: 'residential',
  service: 'standard-cleaning',
  message: '',
  website: '',
};

/**
 * /request/{account_slug}: the link a business puts on its website. A visitor asks for work;
 * the business gets an inquiry under Requests and the visitor as a contact.
 */
export function RequestFormPage() {
  const { slug = '' } = useParams();
  const info = useRequestFormInfo(slug);
  const send = useSendRequestForm(slug);
  const form = useForm<FormInput, unknown, PublicRequestFormInput>({
    resolver: zodResolver(publicRequestFormSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  if (info.isPending) return <PageLoading />;
  if (info.isError) {
    return isApiError(info.error) && info.error.status === 404 ? (
      <EmptyState icon={FileQuestion} title="Request form not found">
        This link does not lead to a business. Check the address, or ask the business for its link.
      </EmptyState>
    ) : (
      <Alert tone="error">{errorMessage(info.error, 'The form could not be loaded.')}</Alert>
    );
  }

  const { business, services } = info.data;
  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <header className="flex items-center gap-4">
        {business.logoUrl ? (
          <img
            src={business.logoUrl}
            alt={`${business.name} logo`}
            className="size-14 rounded-md border object-contain"
          />
        ) : null}
        <div>
          <h1 className="text-2xl font-semibold">Request a quote from {business.name}</h1>
          <p className="text-sm text-muted-foreground">
            Tell us about the work; we will reply with an estimate.
          </p>
        </div>
      </header>
      <Card className="p-5 sm:p-6">
        {send.isSuccess ? (
          <div role="status" className="flex items-start gap-3">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
            <p>{send.data.message}</p>
          </div>
        ) : (
          <MutationForm
            form={form}
            mutation={send}
            aria-label="Request a quote"
            className="space-y-4"
          >
            <RequestErrorAlert
              request={send}
              fallback="Your request could not be sent. Please try again."
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <FormPersonNameFields form={form} />
              <FormField label="Email" error={errors.email?.message}>
                <EmailInput {...form.register('email')} />
              </FormField>
              <FormField label="Phone" optional error={errors.phone?.message}>
                <PhoneInput {...form.register('phone')} />
              </FormField>
            </div>
            <FormField label="Address" optional error={errors.address?.message}>
              <Input
                autoComplete="street-address"
                maxLength={FIELD_LIMITS.text.multilineAddress}
                {...form.register('address')}
              />
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Property type" error={errors.propertyType?.message}>
                <select className={fieldClassName} {...form.register('propertyType')}>
                  <SelectOptions values={PROPERTY_TYPES} label={optionLabel} />
                </select>
              </FormField>
              <FormField label="Service" error={errors.service?.message}>
                <select className={fieldClassName} {...form.register('service')}>
                  {services.map((service) => (
                    <option key={service.id} value={service.id}>
                      {service.name}
                    </option>
                  ))}
                </select>
              </FormField>
            </div>
            <FormField label="Message" optional error={errors.message?.message}>
              <Textarea
                rows={4}
                placeholder="When would suit you, and anything we should know"
                maxLength={FIELD_LIMITS.text.longText}
                {...form.register('message')}
              />
            </FormField>
            {/* A field people never see: only robots fill it, and their request is dropped. */}
            <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
              <label>
                Website
                <input tabIndex={-1} autoComplete="off" {...form.register('website')} />
              </label>
            </div>
            <SubmitButton pending={send.isPending} pendingLabel="Sending...">
              Send request
            </SubmitButton>
          </MutationForm>
        )}
      </Card>
    </div>
  );
}
