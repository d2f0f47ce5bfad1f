import { CircleCheck, CircleX, Clock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  FIELD_LIMITS,
  ACCEPT_NAME_MESSAGE,
  acceptSharedRequestSchema,
  CHOOSE_OPTION_MESSAGE,
  DECLINE_REASON_MESSAGE,
  declineSharedRequestSchema,
  type ProposalOptionId,
  type SharedRequest,
} from '@crewdesk/domain';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { useAnswerSharedRequest } from '../api/shared-request';
import { categoryWord, formatLongDate } from './shared-request-details';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { formatAmount } from '@/lib/money';
import { shownLocale } from '@/lib/locale';

/** When the client answered, on the business's clock (the page is the business's, not the device's). */
function formatDateTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(shownLocale(), {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone,
    }).format(date);
  } catch {
    return date.toISOString();
  }
}

/** The client's answer once given: the outcome replaces the form. */
function AnsweredNotice({ request }: { request: SharedRequest }) {
  const { acceptance, decline } = request;
  if (acceptance) {
    const option = request.options?.find((o) => o.id === acceptance.optionId);
    return (
      <Alert tone="success" role="status" className="flex items-start gap-3">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div>
          <p className="font-semibold">
            Accepted by {acceptance.name} on{' '}
            {formatDateTime(acceptance.acceptedAt, request.business.timeZone)}
          </p>
          {option ? (
            <p className="text-sm">
              Option chosen: {option.name} ({formatAmount(option.priceCents)})
            </p>
          ) : null}
          <p className="text-sm">The business has been told and will be in touch.</p>
        </div>
      </Alert>
    );
  }
  if (decline) {
    return (
      <Alert tone="info" role="status" className="flex items-start gap-3">
        <CircleX aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div>
          <p className="font-semibold">
            Declined on {formatDateTime(decline.declinedAt, request.business.timeZone)}
          </p>
          <p className="text-sm">Reason: {decline.reason}</p>
        </div>
      </Alert>
    );
  }
  return null;
}

function ProposalOptions({
  request,
  chosen,
  onChoose,
  disabled,
}: {
  request: SharedRequest;
  chosen: ProposalOptionId | null;
  onChoose: (id: ProposalOptionId) => void;
  disabled: boolean;
}) {
  if (!request.options) return null;
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-base font-semibold">Choose an option</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        {request.options.map((option) => {
          const accepted = request.acceptance?.optionId === option.id;
          return (
            <label
              key={option.id}
              className={cn(
                'flex cursor-pointer flex-col gap-1 rounded-lg border bg-background p-4 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                (chosen === option.id || accepted) && 'border-primary ring-1 ring-primary',
                disabled && 'cursor-default',
              )}
            >
              <span className="flex items-center gap-2">
                <input
                  type="radio"
                  name="proposal-option"
                  value={option.id}
                  checked={chosen === option.id || accepted}
                  disabled={disabled}
                  onChange={() => onChoose(option.id)}
                  className="accent-primary"
                />
                <span className="font-medium">{option.name}</span>
              </span>
              <span className="text-xl font-semibold">{formatAmount(option.priceCents)}</span>
              <span className="text-sm text-muted-foreground">{option.description}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * Accept with a typed name (the signature) or decline with a reason. The server checks again:
 * an expired or already answered estimate is refused there, whatever this page shows.
 */
export function SharedRequestAnswer({ request, token }: { request: SharedRequest; token: string }) {
  const word = categoryWord(request);
  const answered = request.acceptance !== null || request.decline !== null;
  const [chosen, setChosen] = useState<ProposalOptionId | null>(null);
  const [name, setName] = useState('');
  const [reason, setReason] = useState('');
  const [declining, setDeclining] = useState(false);
  const [fieldError, setFieldError] = useState<{ name?: string; reason?: string; option?: string }>(
    {},
  );
  const answer = useAnswerSharedRequest(token);

  function accept(event: FormEvent) {
    event.preventDefault();
    const parsed = acceptSharedRequestSchema.safeParse({
      name,
      ...(request.options ? { optionId: chosen ?? undefined } : {}),
    });
    const missingOption = request.options !== null && chosen === null;
    if (!parsed.success || missingOption) {
      setFieldError({
        name: parsed.success ? undefined : ACCEPT_NAME_MESSAGE,
        option: missingOption ? CHOOSE_OPTION_MESSAGE : undefined,
      });
      return;
    }
    setFieldError({});
    answer.mutate({ kind: 'accept', input: parsed.data });
  }

  function decline(event: FormEvent) {
    event.preventDefault();
    const parsed = declineSharedRequestSchema.safeParse({ reason });
    if (!parsed.success) {
      setFieldError({ reason: DECLINE_REASON_MESSAGE });
      return;
    }
    setFieldError({});
    answer.mutate({ kind: 'decline', input: parsed.data });
  }

  return (
    <div className="space-y-4">
      <ProposalOptions
        request={request}
        chosen={chosen}
        onChoose={setChosen}
        disabled={answered || request.expired}
      />
      {fieldError.option ? <p className="text-sm text-destructive">{fieldError.option}</p> : null}
      <AnsweredNotice request={request} />
      {!answered && request.expired ? (
        <Alert tone="warning" role="status" className="flex items-start gap-3">
          <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>
            This {word.toLowerCase()} expired on {formatLongDate(request.expiresAt)}. Ask{' '}
            {request.business.name} for a new one.
          </p>
        </Alert>
      ) : null}
      {!answered && !request.expired ? (
        <Card className="space-y-4 p-5">
          <RequestErrorAlert
            request={answer}
            fallback="Your answer could not be sent. Please try again."
          />
          {declining ? (
            <form
              onSubmit={decline}
              noValidate
              className="space-y-4"
              aria-label={`Decline ${word}`}
            >
              <h2 className="text-base font-semibold">Decline this {word.toLowerCase()}</h2>
              <FormField label="Reason" error={fieldError.reason}>
                <Textarea
                  rows={4}
                  value={reason}
                  maxLength={FIELD_LIMITS.text.longText}
                  onChange={(e) => setReason(e.target.value)}
                  placeholder="For example: the price is above our budget"
                />
              </FormField>
              <div className="flex flex-wrap gap-2">
                <SubmitButton
                  pending={answer.isPending}
                  pendingLabel="Processing..."
                  variant="destructive"
                >
                  Send decline
                </SubmitButton>
                <Button type="button" variant="outline" onClick={() => setDeclining(false)}>
                  Back
                </Button>
              </div>
            </form>
          ) : (
            <form onSubmit={accept} noValidate className="space-y-4" aria-label={`Accept ${word}`}>
              <h2 className="text-base font-semibold">Accept this {word.toLowerCase()}</h2>
              <FormField
                label="Your full name"
                error={fieldError.name}
                hint={`Typing your name signs your acceptance of this ${word.toLowerCase()}. The time, your IP address and your browser are recorded with it.`}
              >
                <Input
                  autoComplete="name"
                  value={name}
                  maxLength={FIELD_LIMITS.text.fullName}
                  onChange={(e) => setName(e.target.value)}
                />
              </FormField>
              <div className="flex flex-wrap gap-2">
                <SubmitButton pending={answer.isPending} pendingLabel="Processing...">
                  {`Accept ${word}`}
                </SubmitButton>
                <Button type="button" variant="outline" onClick={() => setDeclining(true)}>
                  Decline
                </Button>
              </div>
            </form>
          )}
        </Card>
      ) : null}
    </div>
  );
}
