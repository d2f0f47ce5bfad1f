import { useMutation } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import {
  ONE_TIME_CODE_LENGTH,
  OneTimeCodeInput,
  useOneTimeCodeForm,
} from '@/components/ui/one-time-code-input';
import { errorMessage } from '@/lib/api-client';
import { confirmTwoFactor } from '../api/confirm-two-factor';
import { copyWithToast } from '@/lib/clipboard';
import { SubmitButton } from '@/components/ui/submit-button';

/** The base32 key inside an otpauth:// URI, for typing into an app by hand. */
export function totpSecret(totpURI: string): string | null {
  try {
    return new URL(totpURI).searchParams.get('secret');
  } catch {
    return null;
  }
}

/** Groups of four, as authenticator apps print keys; they ignore the spaces. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

type QrState = { status: 'loading' } | { status: 'ready'; src: string } | { status: 'failed' };

/** Drawn in the browser (an SVG from the qrcode package): the secret never leaves the page. */
function useQrCode(text: string): QrState {
  const [state, setState] = useState<{ text: string; qr: QrState }>({
    text,
    qr: { status: 'loading' },
  });
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((module) => {
        // A CommonJS package: its functions sit on the default export once bundled.
        const QRCode = module.default ?? module;
        return QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      })
      .then((svg) => {
        const src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
        if (live) setState({ text, qr: { status: 'ready', src } });
      })
      .catch(() => {
        if (live) setState({ text, qr: { status: 'failed' } });
      });
    return () => {
      live = false;
    };
  }, [text]);
  return state.text === text ? state.qr : { status: 'loading' };
}

interface TwoFactorEnrolmentProps {
  totpURI: string;
  /** The app's first code was right: two-factor sign-in is on. */
  onConfirmed: () => void | Promise<void>;
  onCancel: () => void;
}

/** Scan (or type) the key into an authenticator app, then prove it with one code. */
export function TwoFactorEnrolment({ totpURI, onConfirmed, onCancel }: TwoFactorEnrolmentProps) {
  const qr = useQrCode(totpURI);
  const secret = totpSecret(totpURI);
  const codeForm = useOneTimeCodeForm();
  const mutation = useMutation({
    mutationFn: confirmTwoFactor,
    onSuccess: () => onConfirmed(),
  });

  async function copySecret() {
    if (!secret) return;
    await copyWithToast(secret, {
      copied: { title: 'Key copied' },
      failed: { title: 'Could not copy the key', description: 'Select it and copy it by hand.' },
    });
  }

  return (
    <section aria-label="Set up two-factor authentication" className="space-y-5">
      <ol className="space-y-5 text-sm">
        <li>
          <p className="font-medium">1. Scan this QR code with your authenticator app</p>
          <p className="mt-1 text-muted-foreground">
            Any app that shows time-based codes works: Google Authenticator, Microsoft
            Authenticator, 1Password, Aegis, Bitwarden.
          </p>
          <div className="mt-3 flex size-48 items-center justify-center rounded-md border bg-background p-2">
            {qr.status === 'ready' ? (
              <img
                src={qr.src}
                alt="QR code for your authenticator app"
                className="size-full [image-rendering:pixelated]"
              />
            ) : qr.status === 'loading' ? (
              <span className="text-xs text-muted-foreground">Loading...</span>
            ) : (
              <span className="px-2 text-center text-xs text-muted-foreground">
                The QR code could not be drawn. Enter the key below instead.
              </span>
            )}
          </div>
          {secret ? (
            <div className="mt-3">
              <p className="text-muted-foreground">Cannot scan it? Enter this key in the app:</p>
              <div className="mt-1 flex flex-wrap items-center gap-2">
                <code
                  aria-label="Key for manual entry"
                  data-secret={secret}
                  className="select-all rounded-md bg-muted px-2 py-1 font-mono text-sm"
                >
                  {grouped(secret)}
                </code>
                <Button variant="ghost" size="sm" onClick={() => void copySecret()}>
                  <Copy aria-hidden="true" />
                  Copy key
                </Button>
              </div>
            </div>
          ) : null}
        </li>
        <li>
          <p className="font-medium">2. Enter the code the app shows</p>
          <form
            onSubmit={codeForm.submitWith((code) => mutation.mutate(code))}
            noValidate
            aria-label="Confirm two-factor authentication"
            className="mt-3 space-y-4"
          >
            {codeForm.incomplete || mutation.isError ? (
              <Alert tone="error">
                {codeForm.incomplete
                  ? `Enter the ${ONE_TIME_CODE_LENGTH}-digit code from your authenticator app.`
                  : errorMessage(mutation.error, 'Could not check the code. Please try again.')}
              </Alert>
            ) : null}
            <FormField label="Code from the app">
              <OneTimeCodeInput value={codeForm.code} onValueChange={codeForm.setCode} />
            </FormField>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={onCancel} disabled={mutation.isPending}>
                Cancel
              </Button>
              <SubmitButton pending={mutation.isPending} pendingLabel="Verifying...">
                Verify and turn on
              </SubmitButton>
            </div>
          </form>
        </li>
      </ol>
    </section>
  );
}
