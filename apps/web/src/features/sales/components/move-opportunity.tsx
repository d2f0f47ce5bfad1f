import {
  LEAD_SOURCE_LABELS,
  SALES_STAGE_LABELS,
  SALES_STAGES,
  type OpportunitySummary,
  type SalesStage,
} from '@crewdesk/domain';
import { ArrowRightLeft } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { selectClass } from '@/components/filter-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DialogSubmitFooter, FormDialog } from '@/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { FormField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api-client';
import { useMoveOpportunity, useSalesSettings } from '../api/sales-api';

/** What a card, a row or a page shows of the opportunity it moves. */
export type Movable = Pick<OpportunitySummary, 'id' | 'stage' | 'title' | 'contact'>;

export function opportunityName(o: Pick<OpportunitySummary, 'title' | 'contact'>): string {
  return o.contact?.name ?? o.title;
}

export function sourceLabel(source: OpportunitySummary['source']): string {
  return LEAD_SOURCE_LABELS[source];
}

export function daysInStageText(days: number): string {
  if (days === 0) return 'Today in this stage';
  return days === 1 ? '1 day in this stage' : `${days} days in this stage`;
}

const STAGE_TONES: Record<SalesStage, string> = {
  new: 'border-border bg-muted text-muted-foreground',
  contacted: 'border-primary/30 bg-accent text-accent-foreground',
  quoted: 'border-warning/40 bg-warning/10 text-warning',
  won: 'border-success/40 bg-success/10 text-success',
  lost: 'border-destructive/30 bg-destructive/10 text-destructive',
};

export function StageBadge({ stage }: { stage: SalesStage }) {
  return <Badge className={STAGE_TONES[stage]}>{SALES_STAGE_LABELS[stage]}</Badge>;
}

/**
 * Moves opportunities by hand: any stage straight away, except Lost, which first asks for one of
 * the business's reasons. `dialog` is the reason dialog to render once on the screen.
 */
export function useMoveFlow() {
  const move = useMoveOpportunity();
  const [losing, setLosing] = useState<Movable | null>(null);

  const moveTo = (opportunity: Movable, stage: SalesStage, lostReason?: string) =>
    move.mutateAsync({ id: opportunity.id, stage, ...(lostReason ? { lostReason } : {}) }).then(
      () => {
        toast.success(`Moved ${opportunityName(opportunity)} to ${SALES_STAGE_LABELS[stage]}`);
      },
      (error: unknown) => {
        toast.error('Could not move the opportunity', {
          description: errorMessage(error, 'Please try again.'),
        });
        throw error;
      },
    );

  const request = (opportunity: Movable, stage: SalesStage) => {
    if (stage === opportunity.stage) return;
    if (stage === 'lost') setLosing(opportunity);
    else void moveTo(opportunity, stage).catch(() => undefined);
  };

  const dialog = (
    <LostReasonDialog
      opportunity={losing}
      onClose={() => setLosing(null)}
      onConfirm={(reason) => moveTo(losing!, 'lost', reason)}
    />
  );
  return { request, dialog, pending: move.isPending };
}

function LostReasonDialog({
  opportunity,
  onClose,
  onConfirm,
}: {
  opportunity: Movable | null;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<void>;
}) {
  return (
    <FormDialog
      open={opportunity !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Why was it lost?"
      description={
        opportunity ? `Moving ${opportunityName(opportunity)} to Lost needs a reason.` : undefined
      }
    >
      {(close) => <LostReasonForm onConfirm={onConfirm} onDone={close} />}
    </FormDialog>
  );
}

function LostReasonForm({
  onConfirm,
  onDone,
}: {
  onConfirm: (reason: string) => Promise<void>;
  onDone: () => void;
}) {
  const settings = useSalesSettings();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const reasons = settings.data?.lostReasons ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError('Choose why it was lost.');
      return;
    }
    setPending(true);
    onConfirm(reason).then(onDone, () => setPending(false));
  };

  return (
    <form onSubmit={submit} noValidate>
      <FormField label="Lost reason" error={error}>
        <select
          className={selectClass}
          value={reason}
          disabled={settings.isPending}
          onChange={(e) => {
            setReason(e.target.value);
            setError(undefined);
          }}
        >
          <option value="">{settings.isPending ? 'Loading reasons…' : 'Choose a reason'}</option>
          {reasons.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </FormField>
      {settings.isError ? (
        <p className="mt-2 text-sm text-destructive">
          {errorMessage(settings.error, 'Could not load the lost reasons.')}
        </p>
      ) : null}
      <DialogSubmitFooter
        pending={pending}
        label="Mark lost"
        pendingLabel="Moving…"
        variant="destructive"
      />
    </form>
  );
}

/** "Move to…": the keyboard's (and a phone's) way to move a card to another stage. */
export function MoveToMenu({
  opportunity,
  onMove,
  disabled,
  variant = 'ghost',
}: {
  opportunity: Movable;
  onMove: (opportunity: Movable, stage: SalesStage) => void;
  disabled?: boolean;
  variant?: 'ghost' | 'outline';
}) {
  const labelId = useId();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant={variant}
          size="sm"
          disabled={disabled}
          aria-label={`Move ${opportunityName(opportunity)} to…`}
        >
          <ArrowRightLeft aria-hidden="true" />
          <span>Move</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent aria-labelledby={labelId}>
        <DropdownMenuLabel id={labelId}>Move to</DropdownMenuLabel>
        {SALES_STAGES.filter((s) => s !== opportunity.stage).map((stage) => (
          <DropdownMenuItem key={stage} onSelect={() => onMove(opportunity, stage)}>
            {SALES_STAGE_LABELS[stage]}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
