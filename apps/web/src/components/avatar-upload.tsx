import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { AVATAR_ACCEPT, avatarFileProblem, removeAvatar, uploadAvatar } from '@/lib/avatar';
import { meQueryKey } from '@/lib/session/get-me';

interface AvatarUploadProps {
  avatarUrl: string | null;
  initials: string;
}

/** The profile photo: upload (PNG, JPEG or WebP up to 2 MB), replace or remove. */
export function AvatarUpload({ avatarUrl, initials }: AvatarUploadProps) {
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: meQueryKey });
  const upload = useMutation({
    mutationFn: uploadAvatar,
    onSuccess: async () => {
      await refresh();
      toast.success('Photo updated');
    },
  });
  const remove = useMutation({
    mutationFn: removeAvatar,
    onSuccess: async () => {
      await refresh();
      toast.success('Photo removed');
    },
  });
  const busy = upload.isPending || remove.isPending;
  const failure = upload.error ?? remove.error;

  const onFile = (file: File | undefined) => {
    if (!file) return;
    const reason = avatarFileProblem(file);
    setProblem(reason);
    if (!reason) upload.mutate(file);
    // The same file can be chosen again after a failure.
    if (inputRef.current) inputRef.current.value = '';
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-4">
        <Avatar src={avatarUrl} initials={initials} className="size-14 text-lg" />
        <div className="flex flex-wrap gap-2">
          <input
            ref={inputRef}
            type="file"
            accept={AVATAR_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => onFile(event.target.files?.[0])}
            data-testid="avatar-file"
          />
          <Button
            variant="outline"
            disabled={busy}
            aria-describedby={hintId}
            onClick={() => inputRef.current?.click()}
          >
            {upload.isPending ? 'Uploading...' : avatarUrl ? 'Change photo' : 'Upload photo'}
          </Button>
          {avatarUrl ? (
            <Button variant="ghost" disabled={busy} onClick={() => remove.mutate()}>
              {remove.isPending ? 'Removing...' : 'Remove'}
            </Button>
          ) : null}
        </div>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        PNG, JPEG or WebP, up to 2 MB. Your initials show without a photo.
      </p>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      {!problem && failure ? (
        <Alert tone="error">
          {errorMessage(failure, 'Could not save the photo. Please try again.')}
        </Alert>
      ) : null}
    </div>
  );
}
