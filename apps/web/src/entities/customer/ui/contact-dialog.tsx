import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  CONTACT_FORM_DEFAULTS,
  contactFormSchema,
  CUSTOMER_SOURCE_OPTIONS,
  CUSTOMER_TYPE_OPTIONS,
  FIELD_LIMITS,
  MESSAGES,
  type ContactFormInput,
  type ContactFormValues,
} from '@crewdesk/domain';
import { LocationSearchInput } from '@/entities/location/ui/location-search-input';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  type ControlledDialogProps,
  Dialog,
  DialogContent,
  DialogSubmitFooter,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, Label } from '@/components/ui/input';
import { errorMessage, isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session/session-context';
import { TeamMemberPicker } from '@/entities/team-member/ui/team-member-picker';
import { createCustomer, customersQueryKey, updateCustomer } from '../api/customer-api';
import { customerFormValues, type Customer } from '../model/customer';

const LIMITS = FIELD_LIMITS.text;

const toggleClass =
  'rounded-md border px-3 py-1.5 text-sm font-medium transition-colors aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground hover:bg-muted aria-pressed:hover:bg-primary/90';

interface ToggleGroupProps<V extends string> {
  label: string;
  options: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
}

/** Spec section 2: customer type and source are rows of toggle buttons. */
function ToggleGroup<V extends string>({ label, options, value, onChange }: ToggleGroupProps<V>) {
  const labelId = `contact-${label.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <div className="space-y-1.5">
      <Label id={labelId}>{label}</Label>
      <div role="group" aria-labelledby={labelId} className="flex flex-wrap gap-2">
        {options.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={value === option.value}
            className={cn(toggleClass)}
            onClick={() => onChange(option.value)}
          >
            {option.label}
          </button>
        ))}
      </div>
    </div>
  );
}

interface ContactDialogProps extends ControlledDialogProps {
  /** The contact to edit; without it the dialog adds a new one. */
  customer?: Customer | null;
  /** After a successful save (the dialog has closed and reset). */
  onSaved?: (customer: Customer) => void;
}

/** Spec section 2, Contact dialog: add or edit a contact. */
export function ContactDialog({ open, onOpenChange, customer, onSaved }: ContactDialogProps) {
  const editing = Boolean(customer);
  const { activeAccountId } = useSession();
  const queryClient = useQueryClient();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const initialValues = useCallback(
    () => (customer ? customerFormValues(customer) : { ...CONTACT_FORM_DEFAULTS }),
    [customer],
  );
  const form = useForm<ContactFormInput, unknown, ContactFormValues>({
    resolver: zodResolver(contactFormSchema),
    // Spec section 5: checked on change.
    mode: 'onChange',
    defaultValues: initialValues(),
  });
  // Each opening starts from the contact as saved (or a blank form).
  useEffect(() => {
    if (open) form.reset(initialValues());
  }, [open, initialValues, form]);
  const { errors } = form.formState;

  const save = useMutation({
    mutationFn: (values: ContactFormValues) =>
      customer ? updateCustomer(customer.id, values) : createCustomer(values),
    onSuccess: async (saved) => {
      const text = editing ? MESSAGES.contactUpdated : MESSAGES.contactAdded;
      toast.success(text.title, { description: text.description });
      await queryClient.invalidateQueries({ queryKey: customersQueryKey });
      // Spec section 4: the form resets after a successful save and closes.
      form.reset(editing ? customerFormValues(saved) : { ...CONTACT_FORM_DEFAULTS });
      onOpenChange(false);
      onSaved?.(saved);
    },
    onError: (error) => {
      const description =
        isApiError(error) && error.message
          ? error.message
          : errorMessage(error, MESSAGES.contactSaveFailed.description);
      toast.error(MESSAGES.contactSaveFailed.title, { description });
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    if (!activeAccountId) {
      toast.error(MESSAGES.contactSaveFailed.title, { description: MESSAGES.contactNoBusiness });
      return;
    }
    save.mutate(values);
  });

  const text = (name: keyof ContactFormInput) => form.register(name);
  const cancelConfirmed = () => {
    setConfirmingCancel(false);
    form.reset(initialValues());
    onOpenChange(false);
  };

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (next) onOpenChange(true);
          // Closing (Escape, the close button, outside) asks first, like Cancel.
          else if (!save.isPending) setConfirmingCancel(true);
        }}
      >
        <DialogContent
          title={editing ? 'Edit Contact' : 'Add New Contact'}
          description={
            editing ? 'Update contact details.' : 'Fill in the details for the new contact.'
          }
          className="max-w-2xl"
        >
          <form
            onSubmit={onSubmit}
            noValidate
            aria-label={editing ? 'Edit Contact' : 'Add New Contact'}
            className="space-y-4"
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="First name" error={errors.firstName?.message}>
                <Input
                  autoComplete="off"
                  autoFocus
                  maxLength={LIMITS.personName}
                  {...text('firstName')}
                />
              </FormField>
              <FormField label="Last name" error={errors.lastName?.message}>
                <Input autoComplete="off" maxLength={LIMITS.personName} {...text('lastName')} />
              </FormField>
              <FormField label="Email" error={errors.email?.message}>
                <Input
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  maxLength={LIMITS.email}
                  {...text('email')}
                />
              </FormField>
              <FormField label="Phone" error={errors.phone?.message}>
                <Input
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  maxLength={LIMITS.phone}
                  {...text('phone')}
                />
              </FormField>
            </div>
            <FormField label="Company" optional error={errors.company?.message}>
              <Input autoComplete="off" maxLength={LIMITS.company} {...text('company')} />
            </FormField>
            <Controller
              control={form.control}
              name="customerType"
              render={({ field }) => (
                <ToggleGroup
                  label="Customer type"
                  options={CUSTOMER_TYPE_OPTIONS}
                  value={field.value ?? 'commercial'}
                  onChange={field.onChange}
                />
              )}
            />
            <Controller
              control={form.control}
              name="source"
              render={({ field }) => (
                <ToggleGroup
                  label="Source"
                  options={CUSTOMER_SOURCE_OPTIONS}
                  value={field.value ?? 'website'}
                  onChange={field.onChange}
                />
              )}
            />
            <Controller
              control={form.control}
              name="address"
              render={({ field }) => (
                <FormField label="Address" optional error={errors.address?.message}>
                  <LocationSearchInput
                    value={field.value ?? ''}
                    maxLength={LIMITS.address}
                    onValueChange={field.onChange}
                    onLocationSelect={(location) => {
                      // The input already shows the formatted place (spec section 4); the
                      // parts fill the fields below it.
                      const fill = { shouldValidate: true, shouldDirty: true } as const;
                      form.setValue('city', location.city ?? '', fill);
                      form.setValue('state', location.state ?? '', fill);
                      form.setValue('zip', location.zip ?? '', fill);
                      form.setValue('latitude', location.lat, fill);
                      form.setValue('longitude', location.lng, fill);
                    }}
                  />
                </FormField>
              )}
            />
            <div className="grid gap-4 sm:grid-cols-3">
              <FormField label="City" optional error={errors.city?.message}>
                <Input autoComplete="off" maxLength={LIMITS.city} {...text('city')} />
              </FormField>
              <FormField label="State" optional error={errors.state?.message}>
                <Input autoComplete="off" maxLength={LIMITS.state} {...text('state')} />
              </FormField>
              <FormField label="Zip code" optional error={errors.zip?.message}>
                <Input
                  autoComplete="off"
                  inputMode="numeric"
                  maxLength={LIMITS.zip}
                  {...text('zip')}
                />
              </FormField>
            </div>
            <fieldset className="space-y-3">
              <legend className="text-sm font-medium">Social media</legend>
              <div className="grid gap-4 sm:grid-cols-3">
                <FormField label="WhatsApp" optional error={errors.whatsapp?.message}>
                  <Input autoComplete="off" maxLength={LIMITS.socialHandle} {...text('whatsapp')} />
                </FormField>
                <FormField label="Facebook" optional error={errors.facebook?.message}>
                  <Input autoComplete="off" maxLength={LIMITS.socialHandle} {...text('facebook')} />
                </FormField>
                <FormField label="Instagram" optional error={errors.instagram?.message}>
                  <Input
                    autoComplete="off"
                    maxLength={LIMITS.socialHandle}
                    {...text('instagram')}
                  />
                </FormField>
              </div>
            </fieldset>
            <Controller
              control={form.control}
              name="assignedTo"
              render={({ field }) => (
                <FormField label="Assigned to" optional>
                  <TeamMemberPicker value={field.value ?? ''} onChange={field.onChange} />
                </FormField>
              )}
            />
            <DialogSubmitFooter
              pending={save.isPending}
              label="Save Contact"
              pendingLabel="Saving..."
              onCancel={() => setConfirmingCancel(true)}
            />
          </form>
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={confirmingCancel}
        onOpenChange={setConfirmingCancel}
        title="Cancel Contact Creation"
        description="Are you sure you want to cancel? All unsaved changes will be lost."
        cancelLabel="Continue Editing"
        confirmLabel="Yes, Cancel"
        destructive
        onConfirm={cancelConfirmed}
      />
    </>
  );
}
