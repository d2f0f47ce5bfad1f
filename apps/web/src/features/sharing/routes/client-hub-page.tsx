import { CLIENT_HUB_MESSAGES, type ClientHubChannel, type ClientHubLink } from '@crewdesk/domain';
import { FileQuestion, LogOut, Mail, MessageSquare } from 'lucide-react';
import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { BusinessHeader } from '@/components/business-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/input';
import {
  OneTimeCodeInput,
  ONE_TIME_CODE_LENGTH,
  useOneTimeCodeForm,
} from '@/components/ui/one-time-code-input';
import { PageLoading } from '@/components/ui/page-loading';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import {
  ClientHubView,
  useClientHub,
  useHubLink,
  useHubSignOut,
  useSendHubCode,
  useVerifyHubCode,
} from '@/entities/client-hub/client-hub';
import { errorMessage, isApiError } from '@/lib/api-client';
import { RequestWorkForm } from '../components/request-work-form';

const DOCUMENT_WORD = {
  quote: 'estimate',
  invoice: 'invoice',
  inspection_report: 'inspection report',
  visit_proof: 'visit report',
} as const;

/** The step-up: a code sent to the e-mail (or phone) on file, then entered here. */
function StepUp({ token, link }: { token: string; link: ClientHubLink }) {
  const send = useSendHubCode(token);
  const verify = useVerifyHubCode(token);
  const form = useOneTimeCodeForm();
  const codeId = useId();

  function ask(channel: ClientHubChannel) {
    form.clear();
    verify.reset();
    send.mutate(channel);
  }

  const channels = (
    <div className="flex flex-col gap-2 sm:flex-row">
      {link.emailHint ? (
        <Button
          variant={send.isSuccess ? 'outline' : 'default'}
          disabled={send.isPending}
          onClick={() => ask('email')}
        >
          <Mail aria-hidden="true" />
          {send.isSuccess && send.data.channel === 'email'
            ? 'Send a new code'
            : `E-mail a code to ${link.emailHint}`}
        </Button>
      ) : null}
      {link.phoneHint ? (
        <Button variant="outline" disabled={send.isPending} onClick={() => ask('sms')}>
          <MessageSquare aria-hidden="true" />
          Text a code to {link.phoneHint}
        </Button>
      ) : null}
    </div>
  );

  return (
    <div className="mx-auto max-w-xl space-y-5">
      <BusinessHeader business={link.business} />
      <Card className="space-y-4 p-5">
        <div>
          <h1 className="text-xl font-semibold">See all your quotes, visits and invoices</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            To keep your details private, we send a one-time code to the contact details{' '}
            {link.business.name} has on file for you.
          </p>
        </div>
        {link.emailHint || link.phoneHint ? (
          channels
        ) : (
          <Alert>{CLIENT_HUB_MESSAGES.noContactDetails}</Alert>
        )}
        <RequestErrorAlert request={send} fallback="The code could not be sent. Try again." />
        {send.isSuccess ? (
          <form
            aria-label="Enter your code"
            className="space-y-3"
            noValidate
            onSubmit={form.submitWith((code) => verify.mutate(code))}
          >
            <Alert tone="success">
              We sent a code to {send.data.sentTo}. It works for {send.data.expiresInMinutes}{' '}
              minutes.
            </Alert>
            <RequestErrorAlert request={verify} fallback="The code could not be checked." />
            <div className="space-y-1.5">
              <Label htmlFor={codeId}>Code</Label>
              <OneTimeCodeInput
                id={codeId}
                value={form.code}
                onValueChange={form.setCode}
                aria-invalid={form.incomplete || undefined}
                aria-describedby={form.incomplete ? `${codeId}-error` : undefined}
              />
              {form.incomplete ? (
                <p id={`${codeId}-error`} className="text-sm text-destructive">
                  Enter the {ONE_TIME_CODE_LENGTH}-digit code.
                </p>
              ) : null}
            </div>
            <SubmitButton pending={verify.isPending} pendingLabel="Checking...">
              Continue
            </SubmitButton>
          </form>
        ) : null}
      </Card>
      <p className="text-sm">
        <Link className="text-primary underline-offset-2 hover:underline" to={link.document.path}>
          Back to your {DOCUMENT_WORD[link.document.kind]}
        </Link>
      </p>
    </div>
  );
}

function SignedInHub({ token, link }: { token: string; link: ClientHubLink }) {
  const hub = useClientHub(true);
  const signOut = useHubSignOut();
  if (hub.isPending) return <PageLoading />;
  if (hub.isError) {
    // The session ended (30 minutes, or the business revoked the links): ask for a code again.
    if (isApiError(hub.error) && hub.error.status === 401) {
      return <StepUp token={token} link={{ ...link, signedIn: false }} />;
    }
    return (
      <Alert tone="error">
        {errorMessage(hub.error, 'Your hub could not be loaded.')}{' '}
        <Button variant="link" className="h-auto p-0" onClick={() => void hub.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return (
    <ClientHubView
      hub={hub.data}
      requestWork={<RequestWorkForm hub={hub.data} />}
      actions={
        <Button
          variant="outline"
          size="sm"
          disabled={signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          <LogOut aria-hidden="true" />
          Sign out
        </Button>
      }
    />
  );
}

/**
 * /hub/{token}: the client's hub, reached from any link the business sent (an estimate, an
 * invoice, an inspection report). The link's own page opens at once; the hub asks for a code
 * first (decision 041).
 */
export function ClientHubPage() {
  const { token = '' } = useParams();
  const link = useHubLink(token);

  if (link.isPending) return <PageLoading />;
  if (link.isError) {
    if (isApiError(link.error) && [400, 404].includes(link.error.status)) {
      return (
        <EmptyState icon={FileQuestion} title="Link not valid">
          {CLIENT_HUB_MESSAGES.linkNotFound}
        </EmptyState>
      );
    }
    return (
      <Alert tone="error">
        {errorMessage(link.error, 'This page could not be loaded.')}{' '}
        <Button variant="link" className="h-auto p-0" onClick={() => void link.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (link.data.signedIn) {
    return (
      <div className="mx-auto max-w-3xl">
        <SignedInHub token={token} link={link.data} />
      </div>
    );
  }
  return <StepUp token={token} link={link.data} />;
}
