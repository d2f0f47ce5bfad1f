import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { IMAGE_ACCEPT, imageFileProblem } from '@/lib/image-file';

/** The words of one use (a profile photo, a business logo). */
export interface ImageUploadText {
  upload: string;
  change: string;
  remove: string;
  /** Toasts after a successful upload or removal. */
  uploaded: string;
  removed: string;
  /** Shown when the server gives no message. */
  failed: string;
  hint: string;
}

interface ImageUploadProps {
  /** The stored image; decides between Upload and Change, and whether Remove shows. */
  imageUrl: string | null;
  /** The image as it shows (or its placeholder). */
  preview: ReactNode;
  upload: (file: File) => Promise<unknown>;
  remove: () => Promise<unknown>;
  /** Reloads whatever shows the image, after an upload or a removal. */
  onChanged: () => Promise<unknown>;
  text: ImageUploadText;
  /** The file input's data-testid (tests and e2e upload through it). */
  inputTestId: string;
}

/** An image saved on its own: upload (PNG, JPEG or WebP up to 2 MB), replace or remove. */
export function ImageUpload({
  imageUrl,
  preview,
  upload: uploadFile,
  remove: removeFile,
  onChanged,
  text,
  inputTestId,
}: ImageUploadProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: uploadFile,
    onSuccess: async () => {
      await onChanged();
      toast.success(text.uploaded);
    },
  });
  const remove = useMutation({
    mutationFn: removeFile,
    onSuccess: async () => {
      await onChanged();
      toast.success(text.removed);
    },
  });
  const busy = upload.isPending || remove.isPending;
  const failure = upload.error ?? remove.error;

  const onFile = (file: File | undefined) => {
    if (!file) return;
    const reason = imageFileProblem(file);
    setProblem(reason);
    if (!reason) {
      remove.reset();
      upload.mutate(file);
    }
    // The same file can be chosen again after a failure.
    if (inputRef.current) inputRef.current.value = '';
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-4">
        {preview}
        <div className="flex flex-wrap gap-2">
          <input
            ref={inputRef}
            type="file"
            accept={IMAGE_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => onFile(event.target.files?.[0])}
            data-testid={inputTestId}
          />
          <Button
            variant="outline"
            disabled={busy}
            aria-describedby={hintId}
            onClick={() => inputRef.current?.click()}
          >
            {upload.isPending ? 'Uploading...' : imageUrl ? text.change : text.upload}
          </Button>
          {imageUrl ? (
            <Button
              variant="ghost"
              disabled={busy}
              onClick={() => {
                setProblem(null);
                upload.reset();
                remove.mutate();
              }}
            >
              {remove.isPending ? 'Removing...' : text.remove}
            </Button>
          ) : null}
        </div>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {text.hint}
      </p>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      {!problem && failure ? (
        <Alert tone="error">{errorMessage(failure, text.failed)}</Alert>
      ) : null}
    </div>
  );
}
