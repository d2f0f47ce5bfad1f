import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { initials, onboardingProfileSchema, type OnboardingProfile } from '@crewdesk/domain';
import { AvatarUpload } from '@/entities/user/ui/avatar-upload';
import { FormPersonNameFields } from '@/components/person-fields';
import { Label } from '@/components/ui/input';
import type { SessionUser } from '@/lib/session/types';
import { saveOnboardingProfile } from '../api/onboarding';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { MutationForm } from '@/components/ui/mutation-form';
import { SubmitButton } from '@/components/ui/submit-button';

/** Step 1: first and last name, and an optional photo. */
export function ProfileStep({ user, onDone }: { user: SessionUser; onDone: () => void }) {
  const form = useForm<OnboardingProfile>({
    resolver: zodResolver(onboardingProfileSchema),
    defaultValues: { firstName: user.firstName ?? '', lastName: user.lastName ?? '' },
  });
  const mutation = useMutation({ mutationFn: saveOnboardingProfile, onSuccess: onDone });
  const [first, last] = useWatch({ control: form.control, name: ['firstName', 'lastName'] });

  return (
    <MutationForm form={form} mutation={mutation} aria-label="Your profile" className="space-y-5">
      <RequestErrorAlert
        request={mutation}
        fallback="Could not save your profile. Please try again."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormPersonNameFields form={form} autoFocus />
      </div>
      <div className="space-y-2">
        <Label>
          Photo <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <AvatarUpload avatarUrl={user.avatarUrl} initials={initials(first, last)} />
      </div>
      <div className="flex justify-end">
        <SubmitButton pending={mutation.isPending} pendingLabel="Saving...">
          Continue
        </SubmitButton>
      </div>
    </MutationForm>
  );
}
