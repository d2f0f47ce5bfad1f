import { LEAD_SOURCES, type LeadSource, type SalesStage } from './sales-rules.ts';

/**
 * Source to cash (issue 22): per lead source, how many opportunities it brought, how many were
 * won, how soon the work started, and the money collected so far. Each figure carries its
 * definition, shown next to it on the screen, word for word.
 */
export const SOURCE_TO_CASH_DEFINITIONS = {
  opportunities: 'Opportunities opened from this source in the period.',
  winRate: 'Won ÷ (won + lost): opportunities still open do not count yet.',
  medianDaysToFirstVisit:
    'Median whole days from the inquiry to the first visit scheduled for its work (cancelled visits do not count), among the opportunities that have one.',
  collected:
    'Payments recorded so far on the invoices of the won opportunities’ work (invoices made from their estimates, or from the visits of those estimates); void invoices do not count.',
} as const;

/** One opportunity as the figures read it. */
export interface SourceToCashInput {
  source: LeadSource;
  stage: SalesStage;
  openedAt: Date;
  /** The first (not cancelled) visit of its requests' work, if any. */
  firstVisitAt: Date | null;
  /** Paid so far on its work's invoices (counted for won opportunities only). */
  collectedCents: number;
}

export interface SourceToCashRow {
  source: LeadSource;
  opportunities: number;
  won: number;
  lost: number;
  /** Whole percent, or null while none is closed. */
  winRatePercent: number | null;
  /** Null while none has had a visit. */
  medianDaysToFirstVisit: number | null;
  collectedCents: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The median of whole numbers: the middle one, or the mean of the two middle ones (rounded to one place). */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[mid]!;
  return Math.round(((sorted[mid - 1]! + sorted[mid]!) / 2) * 10) / 10;
}

function summarise(source: LeadSource, rows: readonly SourceToCashInput[]): SourceToCashRow {
  const won = rows.filter((r) => r.stage === 'won').length;
  const lost = rows.filter((r) => r.stage === 'lost').length;
  const days = rows
    .filter((r) => r.firstVisitAt !== null)
    .map((r) =>
      Math.max(0, Math.floor((r.firstVisitAt!.getTime() - r.openedAt.getTime()) / DAY_MS)),
    );
  return {
    source,
    opportunities: rows.length,
    won,
    lost,
    winRatePercent: won + lost === 0 ? null : Math.round((won / (won + lost)) * 100),
    medianDaysToFirstVisit: median(days),
    collectedCents: rows
      .filter((r) => r.stage === 'won')
      .reduce((sum, r) => sum + r.collectedCents, 0),
  };
}

/**
 * The figures per source that brought at least one opportunity, in the order of LEAD_SOURCES,
 * and the same over all sources.
 */
export function sourceToCash(rows: readonly SourceToCashInput[]): {
  rows: SourceToCashRow[];
  total: Omit<SourceToCashRow, 'source'>;
} {
  const perSource = LEAD_SOURCES.map((source) =>
    summarise(
      source,
      rows.filter((r) => r.source === source),
    ),
  ).filter((r) => r.opportunities > 0);
  const { source: _all, ...total } = summarise('other', rows);
  return { rows: perSource, total };
}
