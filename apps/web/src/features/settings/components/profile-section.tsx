import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  accountDisplayName,
  initials,
  NO_ACCOUNT_SELECTED,
  REQUIRED_MESSAGE,
  ROLE_LABELS,
} from '@crewdesk/domain';
import { AvatarUpload } from '@/entities/user/ui/avatar-upload';
import { Card } from '@/components/ui/card';
import { FormPersonNameFields } from '@/components/person-fields';
import { meQueryKey } from '@/lib/session/get-me';
import { useSession } from '@/lib/session/session-context';
import { contactOf } from '@/lib/session/types';
import { updateProfile, type ProfileInput } from '../api/update-profile';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { MutationForm } from '@/components/ui/mutation-form';
import { SubmitButton } from '@/components/ui/submit-button';

const requiredName = z.string().trim().min(1, { error: REQUIRED_MESSAGE });
const profileSchema = z.object({ firstName: requiredName, lastName: requiredName });

export function ProfileSection() {
  const { user, activeAccount, role } = useSession();
  const queryClient = useQueryClient();
  const form = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: { firstName: user.firstName ?? '', lastName: user.lastName ?? '' },
  });
  const mutation = useMutation({
    mutationFn: updateProfile,
    onSuccess: async (_result, values) => {
      // Spec section 4: accounts (and the user) load again on a user-updated event.
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
      form.reset(values);
      toast.success('Profile updated', { description: 'Your name has been saved.' });
    },
  });
  const { isDirty } = form.formState;

  return (
    <div className="space-y-6">
      <Card className="p-5 sm:p-6">
        <h3 className="text-base font-semibold">Your name</h3>
        <MutationForm
          form={form}
          mutation={mutation}
          aria-label="Profile"
          className="mt-4 space-y-4"
        >
          <RequestErrorAlert
            request={mutation}
            fallback="Could not save your profile. Please try again."
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormPersonNameFields form={form} />
          </div>
          <div className="flex justify-end">
            <SubmitButton pending={mutation.isPending} pendingLabel="Saving..." disabled={!isDirty}>
              Save profile
            </SubmitButton>
          </div>
        </MutationForm>
      </Card>

      <Card className="p-5 sm:p-6">
        <h3 className="text-base font-semibold">Photo</h3>
        <div className="mt-4">
          <AvatarUpload
            avatarUrl={user.avatarUrl}
            initials={initials(user.firstName, user.lastName)}
          />
        </div>
      </Card>

      <Card className="p-5 sm:p-6">
        <h3 className="text-base font-semibold">Sign-in and account</h3>
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="text-muted-foreground">
            {contactOf(user) === user.email ? 'Email' : 'Phone'}
          </dt>
          <dd className="break-words font-medium">{contactOf(user)}</dd>
          <dt className="text-muted-foreground">Account</dt>
          <dd className="break-words font-medium">
            {activeAccount ? accountDisplayName(activeAccount) : NO_ACCOUNT_SELECTED}
          </dd>
          <dt className="text-muted-foreground">Your role</dt>
          <dd className="font-medium">{ROLE_LABELS[role]}</dd>
        </dl>
      </Card>
    </div>
  );
}
