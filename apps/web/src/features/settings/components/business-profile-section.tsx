import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ImageIcon } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import {
  BUSINESS_LOCALES,
  COMMON_CURRENCIES,
  formatCalendarDate,
  formattingLocale,
  FIELD_LIMITS,
  businessProfileSchema,
  hasBusinessAdminRights,
  type BusinessProfile,
  type BusinessProfileInput,
} from '@crewdesk/domain';
import { TimeZoneSelect } from '@/components/time-zone-select';
import { ImageUpload, type ImageUploadText } from '@/components/image-upload';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  BusinessNameInput,
  EmailInput,
  PhoneInput,
  StreetAddressInput,
} from '@/components/person-fields';
import { FormField } from '@/components/ui/form-field';
import { fieldClassName, Input, Textarea } from '@/components/ui/input';
import { PageLoading } from '@/components/ui/page-loading';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { countOrNull } from '@/lib/form-values';
import { useSession } from '@/lib/session/session-context';
import {
  businessProfileQueryKey,
  businessProfileQueryOptions,
  type BusinessProfileResponse,
} from '../api/get-business-profile';
import { removeBusinessLogo } from '../api/remove-business-logo';
import { updateBusinessProfile } from '../api/update-business-profile';
import { uploadBusinessLogo } from '../api/upload-business-logo';
import { RequestFormLink } from './request-form-link';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { MutationForm } from '@/components/ui/mutation-form';
import { SubmitButton } from '@/components/ui/submit-button';
import { SelectOptions } from '@/components/ui/select-options';
import { meQueryKey } from '@/lib/session/get-me';

const TEXT_FIELDS = [
  'businessDetails',
  'industry',
  'address',
  'city',
  'state',
  'zip',
  'phone',
  'email',
  'website',
] as const;

function toFormValues(profile: BusinessProfileResponse): BusinessProfileInput {
  const values: BusinessProfileInput = {
    businessName: profile.businessName,
    employeesCount: profile.employeesCount,
    timeZone: profile.timeZone,
    currency: profile.currency,
    locale: profile.locale,
  };
  for (const field of TEXT_FIELDS) values[field] = profile[field] ?? '';
  return values;
}

/** A date and an amount as `locale` writes them: '21 Nov 2026, 1,234.50'. */
function formatSample(locale: string): string {
  const date = formatCalendarDate('2026-11-21', locale, 'medium');
  return `${date}, ${(1234.5).toLocaleString(formattingLocale(locale), { minimumFractionDigits: 2 })}`;
}

/** Every zone the browser knows, with the saved one first in line if the list lacks it. */
/** The common currencies first, then every other one the browser knows; the saved one always. */
function currencyChoices(saved: string): string[] {
  const all =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : [];
  const common: readonly string[] = COMMON_CURRENCIES;
  return [...new Set([saved, ...common, ...all.filter((code) => !common.includes(code))])];
}

const currencyNames = new Intl.DisplayNames(['en'], { type: 'currency' });

function currencyLabel(code: string): string {
  return `${currencyNames.of(code) ?? code} (${code})`;
}

const LOGO_TEXT: ImageUploadText = {
  upload: 'Upload logo',
  change: 'Change logo',
  remove: 'Remove logo',
  uploaded: 'Logo updated',
  removed: 'Logo removed',
  failed: 'Could not save the logo. Please try again.',
  hint: 'PNG, JPEG or WebP, up to 2 MB. Saved as soon as you choose it.',
};

function LogoImage({ src, businessName }: { src: string | null; businessName: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = src !== null && failedSrc !== src;
  return (
    <span className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-md border border-border bg-muted text-muted-foreground">
      {showImage ? (
        <img
          src={src}
          alt={`${businessName} logo`}
          className="size-full object-contain"
          onError={() => setFailedSrc(src)}
        />
      ) : (
        <ImageIcon aria-hidden="true" className="size-6" />
      )}
    </span>
  );
}

/** The logo is saved on its own (not with the form): upload, change, remove; read-only otherwise. */
function BusinessLogo({
  profile,
  canEdit,
}: {
  profile: BusinessProfileResponse;
  canEdit: boolean;
}) {
  const queryClient = useQueryClient();
  const labelId = useId();
  const preview = <LogoImage src={profile.logoUrl} businessName={profile.businessName} />;
  return (
    <div role="group" aria-labelledby={labelId} className="space-y-1.5">
      <p id={labelId} className="text-sm font-medium leading-none">
        Logo
      </p>
      {canEdit ? (
        <ImageUpload
          imageUrl={profile.logoUrl}
          preview={preview}
          upload={uploadBusinessLogo}
          remove={removeBusinessLogo}
          onChanged={() => queryClient.invalidateQueries({ queryKey: businessProfileQueryKey })}
          text={LOGO_TEXT}
          inputTestId="logo-file"
        />
      ) : (
        <div className="flex items-center gap-4">
          {preview}
          {profile.logoUrl ? null : <p className="text-sm text-muted-foreground">No logo yet.</p>}
        </div>
      )}
    </div>
  );
}

function BusinessProfileForm({
  profile,
  canEdit,
}: {
  profile: BusinessProfileResponse;
  canEdit: boolean;
}) {
  const queryClient = useQueryClient();
  const currencies = useMemo(() => currencyChoices(profile.currency), [profile.currency]);
  const form = useForm<BusinessProfileInput, unknown, BusinessProfile>({
    resolver: zodResolver(businessProfileSchema),
    defaultValues: toFormValues(profile),
  });
  const mutation = useMutation({
    mutationFn: updateBusinessProfile,
    onSuccess: (saved) => {
      queryClient.setQueryData(businessProfileQueryKey, saved);
      form.reset(toFormValues(saved));
      // The session carries the currency and the locale every screen's figures are shown in.
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      toast.success('Business profile saved');
    },
  });
  const { errors, isDirty } = form.formState;
  const chosenLocale = useWatch({ control: form.control, name: 'locale' });
  const text = (name: (typeof TEXT_FIELDS)[number]) => form.register(name);

  return (
    <MutationForm
      form={form}
      mutation={mutation}
      aria-label="Business profile"
      className="space-y-6"
    >
      {canEdit ? null : (
        <Alert>Only the business owner or an admin can change these details.</Alert>
      )}
      <RequestErrorAlert
        request={mutation}
        fallback="Could not save the business profile. Please try again."
      />
      <fieldset disabled={!canEdit || mutation.isPending} className="space-y-6">
        <Card className="space-y-4 p-5 sm:p-6">
          <h3 className="text-base font-semibold">Business</h3>
          <BusinessLogo profile={profile} canEdit={canEdit} />
          <FormField label="Business name" error={errors.businessName?.message}>
            <BusinessNameInput {...form.register('businessName')} />
          </FormField>
          <FormField label="About the business" optional error={errors.businessDetails?.message}>
            <Textarea maxLength={FIELD_LIMITS.text.longText} {...text('businessDetails')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Industry" optional error={errors.industry?.message}>
              <Input maxLength={FIELD_LIMITS.text.industry} {...text('industry')} />
            </FormField>
            <FormField label="Number of employees" optional error={errors.employeesCount?.message}>
              <Input
                inputMode="numeric"
                {...form.register('employeesCount', { setValueAs: countOrNull })}
              />
            </FormField>
          </div>
        </Card>

        <Card className="space-y-4 p-5 sm:p-6">
          <h3 className="text-base font-semibold">Contact and address</h3>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Phone" optional error={errors.phone?.message}>
              <PhoneInput {...text('phone')} />
            </FormField>
            <FormField label="E-mail" optional error={errors.email?.message}>
              <EmailInput {...text('email')} />
            </FormField>
          </div>
          <FormField label="Website" optional error={errors.website?.message}>
            <Input
              type="url"
              autoComplete="url"
              maxLength={FIELD_LIMITS.text.website}
              {...text('website')}
            />
          </FormField>
          <FormField label="Street address" optional error={errors.address?.message}>
            <StreetAddressInput {...text('address')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField label="City" optional error={errors.city?.message}>
              <Input
                autoComplete="address-level2"
                maxLength={FIELD_LIMITS.text.city}
                {...text('city')}
              />
            </FormField>
            <FormField label="State" optional error={errors.state?.message}>
              <Input
                autoComplete="address-level1"
                maxLength={FIELD_LIMITS.text.state}
                {...text('state')}
              />
            </FormField>
            <FormField label="ZIP code" optional error={errors.zip?.message}>
              <Input
                autoComplete="postal-code"
                maxLength={FIELD_LIMITS.text.zip}
                {...text('zip')}
              />
            </FormField>
          </div>
        </Card>

        <Card className="space-y-4 p-5 sm:p-6">
          <h3 className="text-base font-semibold">Time and money</h3>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="Time zone"
              error={errors.timeZone?.message}
              hint="Visits and due dates are shown in this time zone."
            >
              <TimeZoneSelect current={profile.timeZone} {...form.register('timeZone')} />
            </FormField>
            <FormField
              label="Currency"
              error={errors.currency?.message}
              hint="Every amount of the business is shown in it: lists, PDFs and e-mails. Amounts already entered keep their figures."
            >
              <select className={cn(fieldClassName, 'h-10 py-2')} {...form.register('currency')}>
                <SelectOptions values={currencies} label={currencyLabel} />
              </select>
            </FormField>
            <FormField
              label="Date and number format"
              error={errors.locale?.message}
              hint={`How dates and figures are written on every screen, PDF and e-mail: ${formatSample(chosenLocale ?? profile.locale)}. Weeks start on the day set in Time tracking's time rules.`}
            >
              <select className={cn(fieldClassName, 'h-10 py-2')} {...form.register('locale')}>
                {BUSINESS_LOCALES.map((locale) => (
                  <option key={locale.code} value={locale.code}>
                    {locale.label}
                  </option>
                ))}
              </select>
            </FormField>
          </div>
        </Card>
      </fieldset>
      {canEdit ? (
        <div className="flex justify-end">
          <SubmitButton pending={mutation.isPending} pendingLabel="Saving..." disabled={!isDirty}>
            Save business profile
          </SubmitButton>
        </div>
      ) : null}
    </MutationForm>
  );
}

/** Spec section 3, Business account: the details estimates and invoices print. */
export function BusinessProfileSection() {
  const { role } = useSession();
  const profile = useQuery(businessProfileQueryOptions());

  if (profile.isPending) return <PageLoading />;
  if (profile.isError) {
    return (
      <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
        <span>
          {errorMessage(profile.error, 'Could not load the business profile. Please try again.')}
        </span>
        <Button variant="outline" size="sm" onClick={() => void profile.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return (
    <div className="space-y-6">
      <BusinessProfileForm profile={profile.data} canEdit={hasBusinessAdminRights(role)} />
      <RequestFormLink />
    </div>
  );
}
