import {
  ACCESS_TOKEN_SCOPE_LABELS,
  ACCESS_TOKEN_SCOPES,
  accessTokenInputSchema,
  ASSISTANT_LIMITS,
  type AccessToken,
  type AccessTokenScope,
} from '@crewdesk/domain';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { errorMessage } from '@/lib/api-client';
import { copyWithToast } from '@/lib/clipboard';
import { formatInstant } from '@/lib/format';
import {
  useAccessTokens,
  useCreateAccessToken,
  useRevokeAccessToken,
} from '../api/access-tokens-api';

/** Personal access tokens for the MCP endpoint: this person's own, for any role. */
export function AccessTokensCard() {
  const tokens = useAccessTokens();
  const [secret, setSecret] = useState<string | null>(null);
  const mcpUrl = `${window.location.origin}/api/mcp`;

  return (
    <Card className="p-4 sm:p-6">
      <h3 className="text-base font-semibold">Access tokens for your own assistant</h3>
      <p className="mt-1 text-sm text-muted-foreground">
        Connect your own assistant (desktop, phone, home server) to Crewdesk over MCP at{' '}
        <code className="break-all text-foreground">{mcpUrl}</code> with this token; it can read and
        propose, never change anything. It sees what you may see, in this business. A token may also
        read the API directly if you allow it; no token ever downloads exports or CSVs.
      </p>
      {secret ? (
        <Alert tone="success" className="mt-4">
          <p className="font-medium">
            Token created. Copy it now: it is shown this once and cannot be shown again.
          </p>
          <code className="mt-1 block break-all">{secret}</code>
          <Button
            variant="outline"
            size="sm"
            className="mt-2"
            onClick={() =>
              void copyWithToast(secret, {
                copied: { title: 'Token copied' },
                failed: { title: 'Could not copy the token. Select it and copy it yourself.' },
              })
            }
          >
            Copy token
          </Button>
        </Alert>
      ) : null}
      <CreateTokenForm onCreated={setSecret} />
      <div className="mt-4">
        {tokens.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading...
          </p>
        ) : tokens.isError ? (
          <LoadErrorAlert
            title="Could not load your tokens"
            error={tokens.error}
            onRetry={() => void tokens.refetch()}
          />
        ) : tokens.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">You have no access tokens.</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Your access tokens">
            {tokens.data.map((token) => (
              <TokenRow key={token.id} token={token} />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const [name, setName] = useState('');
  // Least by default: the assistant's tools only.
  const [scopes, setScopes] = useState<AccessTokenScope[]>(['assistant']);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateAccessToken();

  function toggle(scope: AccessTokenScope, on: boolean) {
    setScopes((chosen) =>
      on ? [...chosen, scope] : chosen.filter((existing) => existing !== scope),
    );
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = accessTokenInputSchema.safeParse({ name, scopes });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Name the token.');
      return;
    }
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        onCreated(created.token);
        setName('');
        setScopes(['assistant']);
      },
      onError: (err) => setError(errorMessage(err, 'Could not create the token.')),
    });
  }

  return (
    <form
      aria-label="Create an access token"
      className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={submit}
      noValidate
    >
      <div className="min-w-0 flex-1">
        <FormField label="Token name" error={error ?? undefined}>
          <Input
            value={name}
            placeholder="My laptop"
            maxLength={ASSISTANT_LIMITS.tokenName}
            onChange={(e) => setName(e.target.value)}
          />
        </FormField>
      </div>
      <fieldset className="text-sm">
        <legend className="sr-only">What the token may do</legend>
        {ACCESS_TOKEN_SCOPES.map((scope) => (
          <label key={scope} className="flex min-h-11 items-center gap-2 sm:min-h-10">
            <input
              type="checkbox"
              className="size-4"
              checked={scopes.includes(scope)}
              onChange={(e) => toggle(scope, e.target.checked)}
            />
            {ACCESS_TOKEN_SCOPE_LABELS[scope]}
          </label>
        ))}
      </fieldset>
      <SubmitButton pending={create.isPending} pendingLabel="Creating..." className="sm:mb-0">
        Create token
      </SubmitButton>
    </form>
  );
}

function TokenRow({ token }: { token: AccessToken }) {
  const [confirm, setConfirm] = useState(false);
  const revoke = useRevokeAccessToken();
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="break-words font-medium">{token.name}</p>
        <p className="text-xs text-muted-foreground">
          {token.scopes.map((scope) => ACCESS_TOKEN_SCOPE_LABELS[scope]).join(' · ')}
        </p>
        <p className="text-xs text-muted-foreground">
          Created {formatInstant(token.createdAt)} ·{' '}
          {token.lastUsedAt ? `last used ${formatInstant(token.lastUsedAt)}` : 'never used'}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        aria-label={`Revoke ${token.name}`}
        onClick={() => setConfirm(true)}
      >
        Revoke
      </Button>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title="Revoke this token?"
        description={`Anything using “${token.name}” can no longer reach Crewdesk. This cannot be undone.`}
        confirmLabel="Revoke"
        cancelLabel="Keep it"
        destructive
        pending={revoke.isPending}
        onConfirm={() =>
          revoke.mutate(token.id, {
            onSuccess: () => {
              setConfirm(false);
              toast.success('Token revoked');
            },
            onError: (err) => toast.error(errorMessage(err, 'Could not revoke the token.')),
          })
        }
      />
    </li>
  );
}
