import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { chooseTimeZoneSchema, type ChooseTimeZone } from '@crewdesk/domain';
import { TimeZoneSelect, timeZoneLabel } from '@/components/time-zone-select';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { MutationForm } from '@/components/ui/mutation-form';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { meQueryKey } from '@/lib/session/get-me';
import { browserTimeZone } from '@/lib/time-zone';
import { chooseTimeZone } from '../api/choose-time-zone';

/**
 * Asked once, of the admins of a business that never chose its time zone (it is read as UTC
 * until then): the browser's zone is proposed, one click to take it, or another chosen from the
 * list (drawn only when asked for: every zone is an option). Above every screen until answered,
 * but it blocks none: the answer is the business's, and the session then carries it.
 */
export function TimeZoneQuestion() {
  const headingId = useId();
  const [choosing, setChoosing] = useState(false);
  const proposed = browserTimeZone();
  const queryClient = useQueryClient();
  const form = useForm<ChooseTimeZone>({
    resolver: zodResolver(chooseTimeZoneSchema),
    defaultValues: { timeZone: proposed },
  });
  const mutation = useMutation({
    mutationFn: chooseTimeZone,
    onSuccess: () => {
      // The session carries the zone every screen shows its times in.
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      toast.success('Time zone saved');
    },
  });

  return (
    <section
      aria-labelledby={headingId}
      className="mb-6 rounded-lg border border-primary/30 bg-primary/5 p-4"
    >
      <h2 id={headingId} className="text-base font-semibold">
        Which time zone is your business in?
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Times are shown in UTC until you choose. Visits, due dates, reports and e-mails follow the
        business's time zone.
      </p>
      <MutationForm
        form={form}
        mutation={mutation}
        aria-labelledby={headingId}
        className="mt-3 space-y-3"
      >
        <RequestErrorAlert request={mutation} fallback="Could not save the time zone." />
        {choosing ? (
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
        ) : (
          <div className="flex flex-wrap gap-2">
            <SubmitButton pending={mutation.isPending} pendingLabel="Saving...">
              Use {timeZoneLabel(proposed)}
            </SubmitButton>
            <Button variant="outline" onClick={() => setChoosing(true)}>
              Choose another
            </Button>
          </div>
        )}
      </MutationForm>
    </section>
  );
}
