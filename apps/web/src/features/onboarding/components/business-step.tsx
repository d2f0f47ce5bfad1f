import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  FIELD_LIMITS,
  INDUSTRIES,
  onboardingBusinessSchema,
  type OnboardingBusiness,
  type OnboardingBusinessInput,
} from '@crewdesk/domain';
import { Button } from '@/components/ui/button';
import { BusinessNameInput, PhoneInput, StreetAddressInput } from '@/components/person-fields';
import { TimeZoneSelect } from '@/components/time-zone-select';
import { FormField } from '@/components/ui/form-field';
import { fieldClassName, Input, Textarea } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { countOrNull } from '@/lib/form-values';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { browserTimeZone } from '@/lib/time-zone';
import { saveOnboardingBusiness } from '../api/onboarding';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { MutationForm } from '@/components/ui/mutation-form';
import { SubmitButton } from '@/components/ui/submit-button';
import { SelectOptions } from '@/components/ui/select-options';

interface BusinessStepProps {
  defaultBusinessName: string;
  onBack: () => void;
  onDone: () => void;
}

/**
 * Step 2: the business. Saving creates the business account (the user as owner) and acts for
 * it from now on; its details are stored too, and a failure there is only a warning.
 */
export function BusinessStep({ defaultBusinessName, onBack, onDone }: BusinessStepProps) {
  const form = useForm<OnboardingBusinessInput, unknown, OnboardingBusiness>({
    resolver: zodResolver(onboardingBusinessSchema),
    defaultValues: {
      businessName: defaultBusinessName,
      industry: '',
      employeesCount: null,
      address: '',
      phone: '',
      email: '',
      website: '',
      businessDetails: '',
      // Proposed: the zone of the device the owner signs up on (issue 42).
      timeZone: browserTimeZone(),
    },
  });
  const mutation = useMutation({
    mutationFn: saveOnboardingBusiness,
    onSuccess: ({ account, warning }) => {
      // Spec section 4: the stored selectedAccountId is the account this browser acts for.
      writeStorage(STORAGE_KEYS.selectedAccountId, account.account_id);
      if (warning) toast.warning('Business details not saved', { description: warning });
      onDone();
    },
  });
  const { errors } = form.formState;

  return (
    <MutationForm form={form} mutation={mutation} aria-label="Your business" className="space-y-4">
      <RequestErrorAlert
        request={mutation}
        fallback="Could not save your business. Please try again."
      />
      <FormField label="Business name" error={errors.businessName?.message}>
        <BusinessNameInput autoFocus {...form.register('businessName')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Industry" optional error={errors.industry?.message}>
          <select className={cn(fieldClassName, 'h-10 py-2')} {...form.register('industry')}>
            <option value="">Choose an industry</option>
            <SelectOptions values={INDUSTRIES} />
          </select>
        </FormField>
        <FormField label="Number of employees" optional error={errors.employeesCount?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            {...form.register('employeesCount', { setValueAs: countOrNull })}
          />
        </FormField>
      </div>
      <FormField
        label="Time zone"
        error={errors.timeZone?.message}
        hint="Visits, due dates and reports follow the business's time zone."
      >
        <TimeZoneSelect current={browserTimeZone()} {...form.register('timeZone')} />
      </FormField>
      <FormField label="Address" optional error={errors.address?.message}>
        <StreetAddressInput {...form.register('address')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Phone" optional error={errors.phone?.message}>
          <PhoneInput {...form.register('phone')} />
        </FormField>
        <FormField label="Business email" optional error={errors.email?.message}>
          <Input
            type="email"
            inputMode="email"
            maxLength={FIELD_LIMITS.text.email}
            {...form.register('email')}
          />
        </FormField>
      </div>
      <FormField label="Website" optional error={errors.website?.message}>
        <Input
          inputMode="url"
          placeholder="www.example.com"
          maxLength={FIELD_LIMITS.text.website}
          {...form.register('website')}
        />
      </FormField>
      <FormField
        label="Details"
        optional
        error={errors.businessDetails?.message}
        hint="What you do and where, in a sentence or two."
      >
        <Textarea
          className="min-h-20"
          maxLength={FIELD_LIMITS.text.longText}
          {...form.register('businessDetails')}
        />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onBack} disabled={mutation.isPending}>
          Back
        </Button>
        <SubmitButton pending={mutation.isPending} pendingLabel="Saving...">
          Continue
        </SubmitButton>
      </div>
    </MutationForm>
  );
}
