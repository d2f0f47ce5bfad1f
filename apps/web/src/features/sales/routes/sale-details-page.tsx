import { optionLabel, type OpportunityDetail } from '@crewdesk/domain';
import { FilePlus2, Handshake, Mail, Phone } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { BackLink } from '@/components/back-link';
import { selectClass } from '@/components/filter-field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoading } from '@/components/ui/page-loading';
import { SubmitButton } from '@/components/ui/submit-button';
import { Timeline, TimelineItem } from '@/components/ui/timeline';
import { StatusBadge } from '@/entities/request/ui/request-status-badge';
import { requestPath } from '@/entities/request/ui/requests-table';
import { errorMessage, isApiError } from '@/lib/api-client';
import { formatDay, formatInstant } from '@/lib/format';
import {
  useAddNote,
  useOpportunity,
  useSalesOwners,
  useUpdateOpportunity,
  type OpportunityChanges,
} from '../api/sales-api';
import {
  daysInStageText,
  MoveToMenu,
  opportunityName,
  sourceLabel,
  StageBadge,
  useMoveFlow,
} from '../components/move-opportunity';
import { FollowUp } from '../components/sales-board';
import { formatAmount, fromMinor, moneySymbol, toMinor } from '@/lib/money';

function ContactCard({ contact }: { contact: NonNullable<OpportunityDetail['contact']> }) {
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="mb-2 text-base font-semibold">Contact</h2>
      <p>
        <Link
          to={`/customers/${contact.id}`}
          className="font-medium underline-offset-2 hover:underline"
        >
          {contact.name}
        </Link>
      </p>
      {contact.company ? <p className="text-sm text-muted-foreground">{contact.company}</p> : null}
      <ul className="mt-2 space-y-1 text-sm">
        {contact.email ? (
          <li className="flex items-center gap-2">
            <Mail aria-hidden="true" className="size-4 text-muted-foreground" />
            <a href={`mailto:${contact.email}`} className="underline-offset-2 hover:underline">
              {contact.email}
            </a>
          </li>
        ) : null}
        {contact.phone ? (
          <li className="flex items-center gap-2">
            <Phone aria-hidden="true" className="size-4 text-muted-foreground" />
            <a href={`tel:${contact.phone}`} className="underline-offset-2 hover:underline">
              {contact.phone}
            </a>
          </li>
        ) : null}
      </ul>
    </Card>
  );
}

/** Owner, follow-up, expected value and close date: what a sales person keeps up to date. */
function DetailsForm({ opportunity }: { opportunity: OpportunityDetail }) {
  const owners = useSalesOwners();
  const update = useUpdateOpportunity(opportunity.id);
  const [owner, setOwner] = useState(opportunity.owner?.userId ?? '');
  const [followUp, setFollowUp] = useState(opportunity.followUpOn ?? '');
  const [closeOn, setCloseOn] = useState(opportunity.expectedCloseOn ?? '');
  const [value, setValue] = useState(
    opportunity.valueEntered ? String(fromMinor(opportunity.valueCents)) : '',
  );
  const [valueError, setValueError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const dollars = value.trim() === '' ? null : Number(value);
    if (dollars !== null && (!Number.isFinite(dollars) || dollars < 0)) {
      setValueError('Expected value must be an amount of at least 0.');
      return;
    }
    setValueError(undefined);
    const changes: OpportunityChanges = {
      ownerUserId: owner || null,
      followUpOn: followUp || null,
      expectedCloseOn: closeOn || null,
      valueCents: dollars === null ? null : toMinor(dollars),
    };
    update.mutate(changes, {
      onSuccess: () => toast.success('Opportunity saved'),
      onError: (error) =>
        toast.error('Could not save the opportunity', {
          description: errorMessage(error, 'Please try again.'),
        }),
    });
  };

  return (
    <Card className="p-4 sm:p-5">
      <h2 className="mb-3 text-base font-semibold">Follow-up and value</h2>
      <form onSubmit={submit} noValidate className="space-y-3">
        <FormField label="Owner">
          <select className={selectClass} value={owner} onChange={(e) => setOwner(e.target.value)}>
            <option value="">No owner</option>
            {opportunity.owner &&
            !(owners.data ?? []).some((o) => o.userId === opportunity.owner?.userId) ? (
              <option value={opportunity.owner.userId}>{opportunity.owner.name}</option>
            ) : null}
            {(owners.data ?? []).map((o) => (
              <option key={o.userId} value={o.userId}>
                {o.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Follow up by" optional>
          <Input type="date" value={followUp} onChange={(e) => setFollowUp(e.target.value)} />
        </FormField>
        <FormField
          label={`Expected value (${moneySymbol()})`}
          optional
          error={valueError}
          hint={`Empty uses the value of its quotes (${formatAmount(opportunity.quotedValueCents)}).`}
        >
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        </FormField>
        <FormField label="Expected close date" optional>
          <Input type="date" value={closeOn} onChange={(e) => setCloseOn(e.target.value)} />
        </FormField>
        <SubmitButton pending={update.isPending} pendingLabel="Saving…">
          Save
        </SubmitButton>
      </form>
    </Card>
  );
}

function RequestsCard({ opportunity }: { opportunity: OpportunityDetail }) {
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="mb-2 text-base font-semibold">Requests</h2>
      {opportunity.requests.length === 0 ? (
        <p className="text-sm text-muted-foreground">No estimate, quote or inquiry yet.</p>
      ) : (
        <ul className="divide-y text-sm">
          {opportunity.requests.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <Link
                  to={requestPath(r)}
                  className="block truncate font-medium underline-offset-2 hover:underline"
                >
                  {r.title}
                </Link>
                <span className="text-xs text-muted-foreground">
                  {r.proposal ? 'Proposal' : optionLabel(r.type ?? 'inquiry')} ·{' '}
                  {formatDay(r.createdAt)}
                </span>
              </div>
              <div className="flex items-center gap-2">
                <span className="font-semibold tabular-nums">{formatAmount(r.amountCents)}</span>
                <StatusBadge status={r.status} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function NoteForm({ id }: { id: string }) {
  const add = useAddNote(id);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (body.trim() === '') {
      setError('Note is required.');
      return;
    }
    setError(undefined);
    add.mutate(body.trim(), {
      onSuccess: () => {
        setBody('');
        toast.success('Note added');
      },
      onError: (e) =>
        toast.error('Could not add the note', {
          description: errorMessage(e, 'Please try again.'),
        }),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="mb-4 space-y-2">
      <FormField label="Add a note" error={error}>
        <Textarea
          value={body}
          rows={3}
          className="min-h-20"
          onChange={(e) => setBody(e.target.value)}
        />
      </FormField>
      <SubmitButton pending={add.isPending} pendingLabel="Adding…">
        Add note
      </SubmitButton>
    </form>
  );
}

function whoText(entry: OpportunityDetail['timeline'][number]): string {
  if (entry.by) return entry.by.name;
  return entry.kind === 'note' ? '' : 'Automatically';
}

function TimelineCard({ opportunity }: { opportunity: OpportunityDetail }) {
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="mb-3 text-base font-semibold">Timeline</h2>
      <NoteForm id={opportunity.id} />
      {opportunity.timeline.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing has happened yet.</p>
      ) : (
        <Timeline>
          {opportunity.timeline.map((entry, index) => (
            <TimelineItem key={`${entry.at}-${index}`}>
              <p className={entry.kind === 'note' ? 'whitespace-pre-wrap' : 'font-medium'}>
                {entry.text}
              </p>
              <p className="text-xs text-muted-foreground">
                {[
                  entry.kind === 'note' ? 'Note' : null,
                  entry.kind === 'request' && entry.requestEvent === 'sent' ? 'E-mail sent' : null,
                  whoText(entry),
                  formatInstant(entry.at),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </TimelineItem>
          ))}
        </Timeline>
      )}
    </Card>
  );
}

function OpportunityPage({ opportunity }: { opportunity: OpportunityDetail }) {
  const moves = useMoveFlow();
  const name = opportunityName(opportunity);
  return (
    <>
      <BackLink to="/sales">Sales</BackLink>
      <PageHeader
        title={name}
        description={
          opportunity.contact?.name === opportunity.title ? undefined : opportunity.title
        }
        actions={
          <div className="flex flex-wrap items-center gap-2">
            {opportunity.contact ? (
              <Button asChild>
                <Link to={`/quotes/new?customerId=${opportunity.contact.id}`}>
                  <FilePlus2 aria-hidden="true" />
                  New estimate
                </Link>
              </Button>
            ) : null}
            <MoveToMenu opportunity={opportunity} onMove={moves.request} variant="outline" />
            {opportunity.stage !== 'lost' ? (
              <Button variant="outline" onClick={() => moves.request(opportunity, 'lost')}>
                Mark lost
              </Button>
            ) : null}
          </div>
        }
      />
      <Card className="mb-4 flex flex-wrap items-center gap-x-6 gap-y-2 p-4 text-sm">
        <StageBadge stage={opportunity.stage} />
        <span>{daysInStageText(opportunity.daysInStage)}</span>
        <span>
          Value <strong className="tabular-nums">{formatAmount(opportunity.valueCents)}</strong>
          {' · '}weighted{' '}
          <strong className="tabular-nums">{formatAmount(opportunity.weightedCents)}</strong> (
          {opportunity.probability}%)
        </span>
        <span>Source: {sourceLabel(opportunity.source)}</span>
        <span>Owner: {opportunity.owner?.name ?? 'No owner'}</span>
        <FollowUp opportunity={opportunity} />
        {opportunity.expectedCloseOn ? (
          <span>Expected to close {formatDay(opportunity.expectedCloseOn)}</span>
        ) : null}
        {opportunity.lostReason ? <span>Lost: {opportunity.lostReason}</span> : null}
        {opportunity.needsNudge ? (
          <span className="font-medium text-warning">Needs a nudge</span>
        ) : null}
      </Card>
      <div className="grid gap-4 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-4">
          <RequestsCard opportunity={opportunity} />
          <TimelineCard opportunity={opportunity} />
        </div>
        <div className="space-y-4">
          {opportunity.contact ? <ContactCard contact={opportunity.contact} /> : null}
          <DetailsForm
            key={`${opportunity.owner?.userId}-${opportunity.followUpOn}-${opportunity.expectedCloseOn}-${opportunity.valueEntered}-${opportunity.valueCents}`}
            opportunity={opportunity}
          />
        </div>
      </div>
      {moves.dialog}
    </>
  );
}

/** /sales/:id: one opportunity with its contact, requests, timeline and follow-up. */
export function SaleDetailsPage() {
  const { id = '' } = useParams();
  const opportunity = useOpportunity(id);
  if (opportunity.isPending) return <PageLoading />;
  if (opportunity.isError) {
    if (
      isApiError(opportunity.error) &&
      (opportunity.error.status === 404 || opportunity.error.status === 400)
    )
      return (
        <>
          <BackLink to="/sales">Sales</BackLink>
          <EmptyState icon={Handshake} title="Opportunity not found">
            It may belong to another business, or you may not be allowed to see it.
          </EmptyState>
        </>
      );
    return (
      <LoadErrorAlert
        title="Could not load the opportunity"
        error={opportunity.error}
        onRetry={() => void opportunity.refetch()}
      />
    );
  }
  return <OpportunityPage opportunity={opportunity.data} />;
}
