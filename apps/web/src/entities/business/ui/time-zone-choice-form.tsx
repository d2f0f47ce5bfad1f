import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { chooseTimeZoneSchema, type ChooseTimeZone } from '@crewdesk/domain';
import { TimeZoneSelect } from '@/components/time-zone-select';
import { FormField } from '@/components/ui/form-field';
import { MutationForm } from '@/components/ui/mutation-form';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { useChooseTimeZone } from '../api/choose-time-zone';

/** Another zone than the one proposed, from the list of every zone (loaded when asked for). */
export function TimeZoneChoiceForm({
  proposed,
  labelledBy,
}: {
  proposed: string;
  labelledBy: string;
}) {
  const form = useForm<ChooseTimeZone>({
    resolver: zodResolver(chooseTimeZoneSchema),
    defaultValues: { timeZone: proposed },
  });
  const mutation = useChooseTimeZone();
  return (
    <MutationForm
      form={form}
      mutation={mutation}
      aria-labelledby={labelledBy}
      className="mt-3 space-y-3"
    >
      <RequestErrorAlert request={mutation} fallback="Could not save the time zone." />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <FormField label="Business time zone" error={form.formState.errors.timeZone?.message}>
            <TimeZoneSelect current={proposed} {...form.register('timeZone')} />
          </FormField>
        </div>
        <SubmitButton pending={mutation.isPending} pendingLabel="Saving...">
          Save time zone
        </SubmitButton>
      </div>
    </MutationForm>
  );
}
