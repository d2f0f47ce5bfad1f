import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderRoute } from '@/test/utils';
import { ImageUpload, type ImageUploadText } from './image-upload';

const TEXT: ImageUploadText = {
  upload: 'Upload badge',
  change: 'Change badge',
  remove: 'Remove badge',
  uploaded: 'Badge updated',
  removed: 'Badge removed',
  failed: 'Could not save the badge.',
  hint: 'PNG, JPEG or WebP, up to 2 MB.',
};

const png = () => new File([new Uint8Array([0x89, 0x50])], 'badge.png', { type: 'image/png' });

function setup(
  imageUrl: string | null,
  overrides: { upload?: (file: File) => Promise<unknown> } = {},
) {
  const props = {
    upload: vi.fn(overrides.upload ?? ((_file: File) => Promise.resolve({}))),
    remove: vi.fn(() => Promise.resolve(null)),
    onChanged: vi.fn(() => Promise.resolve()),
  };
  renderRoute(
    <ImageUpload
      imageUrl={imageUrl}
      preview={<span>preview</span>}
      text={TEXT}
      inputTestId="badge-file"
      {...props}
    />,
  );
  return props;
}

describe('ImageUpload', () => {
  it('without an image, then it offers Upload and no Remove; a chosen file is handed over and the owner reloads', async () => {
    const props = setup(null);
    const user = userEvent.setup();
    expect(screen.getByText('preview')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove badge' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload badge' })).toHaveAccessibleDescription(
      TEXT.hint,
    );

    const file = png();
    await user.upload(screen.getByTestId('badge-file'), file);

    expect(await screen.findByText('Badge updated')).toBeInTheDocument();
    expect(props.upload.mock.calls[0]?.[0]).toBe(file);
    expect(props.onChanged).toHaveBeenCalledTimes(1);
  });

  it('when the upload fails, then the server message shows, and a removal afterwards clears it', async () => {
    const props = setup('/api/badges/a.png', {
      upload: () =>
        Promise.reject(new ApiError(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large')),
    });
    const user = userEvent.setup();
    await user.upload(screen.getByTestId('badge-file'), png());
    expect(await screen.findByRole('alert')).toHaveTextContent('Request body is too large');
    expect(props.onChanged).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Remove badge' }));
    expect(await screen.findByText('Badge removed')).toBeInTheDocument();
    expect(props.remove).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when the server gives no message, then the fallback text shows', async () => {
    setup('/api/badges/a.png', { upload: () => Promise.reject(new Error('boom')) });
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Change badge' })).toBeInTheDocument();
    await user.upload(screen.getByTestId('badge-file'), png());
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save the badge.');
  });
});
