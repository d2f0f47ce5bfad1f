import {
  SALES_STAGE_LABELS,
  type OpportunitySummary,
  type SalesBoard as Board,
  type SalesStage,
} from '@crewdesk/domain';
import { AlarmClock } from 'lucide-react';
import { useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { formatDay } from '@/lib/format';
import { cn } from '@/lib/cn';
import {
  daysInStageText,
  MoveToMenu,
  opportunityName,
  sourceLabel,
  type Movable,
} from './move-opportunity';
import { formatAmount } from '@/lib/money';

const DRAG_TYPE = 'application/x-crewdesk-opportunity';

export function opportunityPath(o: Pick<OpportunitySummary, 'id'>): string {
  return `/sales/${o.id}`;
}

/** The follow-up date, marked when it has passed. */
export function FollowUp({ opportunity }: { opportunity: OpportunitySummary }) {
  if (!opportunity.followUpOn) return <span className="text-muted-foreground">No follow-up</span>;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1',
        opportunity.followUpOverdue && 'font-medium text-destructive',
      )}
    >
      <AlarmClock aria-hidden="true" className="size-3.5" />
      Follow up by {formatDay(opportunity.followUpOn)}
      {opportunity.followUpOverdue ? <span>(overdue)</span> : null}
    </span>
  );
}

function OpportunityCard({
  card,
  onMove,
  onDragStart,
}: {
  card: OpportunitySummary;
  onMove: (o: Movable, stage: SalesStage) => void;
  onDragStart: (event: DragEvent<HTMLElement>) => void;
}) {
  const name = opportunityName(card);
  return (
    <li
      draggable
      onDragStart={onDragStart}
      className="cursor-grab space-y-1.5 rounded-md border bg-background p-3 text-sm shadow-sm active:cursor-grabbing"
    >
      <Link
        to={opportunityPath(card)}
        className="block truncate font-medium underline-offset-2 hover:underline"
      >
        {name}
      </Link>
      {card.contact && card.title !== card.contact.name ? (
        <p className="truncate text-xs text-muted-foreground">{card.title}</p>
      ) : null}
      <p className="flex flex-wrap items-baseline justify-between gap-x-2">
        <span className="font-semibold tabular-nums">{formatAmount(card.valueCents)}</span>
        <span className="text-xs text-muted-foreground">{sourceLabel(card.source)}</span>
      </p>
      <p className="truncate text-xs text-muted-foreground">{card.owner?.name ?? 'No owner'}</p>
      <p className="text-xs text-muted-foreground">{daysInStageText(card.daysInStage)}</p>
      <p className="text-xs">
        <FollowUp opportunity={card} />
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap gap-1">
          {card.needsNudge ? (
            <Badge className="border-warning/40 bg-warning/10 text-warning">Needs a nudge</Badge>
          ) : null}
          {card.lostReason ? (
            <span className="text-xs text-muted-foreground">{card.lostReason}</span>
          ) : null}
        </div>
        <MoveToMenu opportunity={card} onMove={onMove} />
      </div>
    </li>
  );
}

/**
 * The pipeline's five columns. A card moves by drag and drop onto another column, or with its
 * "Move" menu (the keyboard's way). On a phone one stage shows at a time, chosen above.
 */
export function SalesBoardColumns({
  board,
  onMove,
}: {
  board: Board;
  onMove: (o: Movable, stage: SalesStage) => void;
}) {
  const [phoneStage, setPhoneStage] = useState<SalesStage>('new');
  const [dropTarget, setDropTarget] = useState<SalesStage | null>(null);
  const cards = new Map(board.columns.flatMap((c) => c.cards.map((card) => [card.id, card])));

  const onDrop = (stage: SalesStage) => (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDropTarget(null);
    const card = cards.get(event.dataTransfer.getData(DRAG_TYPE));
    if (card && card.stage !== stage) onMove(card, stage);
  };

  return (
    <>
      <div
        role="group"
        aria-label="Stage shown"
        className="mb-3 grid grid-cols-5 gap-1 rounded-md bg-muted p-1 md:hidden"
      >
        {board.columns.map((column) => (
          <button
            key={column.stage}
            type="button"
            aria-pressed={phoneStage === column.stage}
            onClick={() => setPhoneStage(column.stage)}
            className={cn(
              'flex min-h-11 flex-col items-center justify-center rounded px-1 text-xs font-medium',
              phoneStage === column.stage ? 'bg-background shadow-sm' : 'text-muted-foreground',
            )}
          >
            {column.label}
            <span className="tabular-nums">{column.count}</span>
          </button>
        ))}
      </div>
      <div className="grid gap-3 md:grid-cols-5 md:overflow-x-auto">
        {board.columns.map((column) => (
          <section
            key={column.stage}
            aria-labelledby={`sales-column-${column.stage}`}
            data-stage={column.stage}
            onDragOver={(event) => {
              if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
              setDropTarget(column.stage);
            }}
            onDragLeave={() => setDropTarget((t) => (t === column.stage ? null : t))}
            onDrop={onDrop(column.stage)}
            className={cn(
              'min-w-0 flex-col rounded-lg border bg-muted/40 p-2 md:flex md:min-w-[12rem]',
              phoneStage === column.stage ? 'flex' : 'hidden',
              dropTarget === column.stage && 'ring-2 ring-primary',
            )}
          >
            <header className="mb-2 px-1">
              <h2
                id={`sales-column-${column.stage}`}
                className="flex items-baseline justify-between text-sm font-semibold"
              >
                {column.label}
                <span className="rounded-full bg-background px-2 text-xs tabular-nums">
                  {column.count}
                </span>
              </h2>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-xs text-muted-foreground">
                <dt>Total</dt>
                <dd className="text-right tabular-nums text-foreground">
                  {formatAmount(column.totalCents)}
                </dd>
                <dt>Weighted ({column.probability}%)</dt>
                <dd className="text-right tabular-nums text-foreground">
                  {formatAmount(column.weightedCents)}
                </dd>
              </dl>
            </header>
            {column.cards.length === 0 ? (
              <p className="rounded-md border border-dashed p-3 text-center text-xs text-muted-foreground">
                No opportunities in {SALES_STAGE_LABELS[column.stage]}.
              </p>
            ) : (
              <ul className="space-y-2" aria-label={`${column.label} opportunities`}>
                {column.cards.map((card) => (
                  <OpportunityCard
                    key={card.id}
                    card={card}
                    onMove={onMove}
                    onDragStart={(event) => {
                      event.dataTransfer.effectAllowed = 'move';
                      event.dataTransfer.setData(DRAG_TYPE, card.id);
                      event.dataTransfer.setData('text/plain', card.id);
                    }}
                  />
                ))}
              </ul>
            )}
            {column.more ? (
              <p className="mt-2 px-1 text-xs text-muted-foreground">
                Showing {column.cards.length} of {column.count}: the list view has the rest.
              </p>
            ) : null}
          </section>
        ))}
      </div>
    </>
  );
}
