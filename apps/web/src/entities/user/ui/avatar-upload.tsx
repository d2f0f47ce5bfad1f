import { useQueryClient } from '@tanstack/react-query';
import { ImageUpload, type ImageUploadText } from '@/components/image-upload';
import { Avatar } from '@/components/ui/avatar';
import { removeAvatar, uploadAvatar } from '../api/avatar';
import { meQueryKey } from '@/lib/session/get-me';

interface AvatarUploadProps {
  avatarUrl: string | null;
  initials: string;
}

const TEXT: ImageUploadText = {
  upload: 'Upload photo',
  change: 'Change photo',
  remove: 'Remove',
  uploaded: 'Photo updated',
  removed: 'Photo removed',
  failed: 'Could not save the photo. Please try again.',
  hint: 'PNG, JPEG or WebP, up to 2 MB. Your initials show without a photo.',
};

/** The profile photo: upload (PNG, JPEG or WebP up to 2 MB), replace or remove. */
export function AvatarUpload({ avatarUrl, initials }: AvatarUploadProps) {
  const queryClient = useQueryClient();
  return (
    <ImageUpload
      imageUrl={avatarUrl}
      preview={<Avatar src={avatarUrl} initials={initials} className="size-14 text-lg" />}
      upload={uploadAvatar}
      remove={removeAvatar}
      onChanged={() => queryClient.invalidateQueries({ queryKey: meQueryKey })}
      text={TEXT}
      inputTestId="avatar-file"
    />
  );
}
