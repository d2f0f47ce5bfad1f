import type { VisitSummary } from '@crewdesk/domain';

/** 'YYYY-MM-DD' of a visit's wall-clock start, or null when unscheduled. */
export function visitDate(visit: Pick<VisitSummary, 'localStartsAt'>): string | null {
  return visit.localStartsAt ? visit.localStartsAt.slice(0, 10) : null;
}

/** Minutes after midnight of a visit's wall-clock start (0 when unscheduled). */
export function visitStartMinutes(visit: Pick<VisitSummary, 'localStartsAt'>): number {
  if (!visit.localStartsAt) return 0;
  return Number(visit.localStartsAt.slice(11, 13)) * 60 + Number(visit.localStartsAt.slice(14, 16));
}

/** 'HH:mm' of a visit's start, or null. */
export function visitTimeOfDay(visit: Pick<VisitSummary, 'localStartsAt'>): string | null {
  return visit.localStartsAt ? visit.localStartsAt.slice(11, 16) : null;
}

const byStart = (a: VisitSummary, b: VisitSummary) =>
  (a.localStartsAt ?? '').localeCompare(b.localStartsAt ?? '') || a.title.localeCompare(b.title);

/**
 * The visits of each day, in time order: one pass over the visits, then a sort per day (a
 * month of 2,000 visits groups in a few milliseconds). Unscheduled visits are left out.
 */
export function groupVisitsByDay(visits: readonly VisitSummary[]): Map<string, VisitSummary[]> {
  const days = new Map<string, VisitSummary[]>();
  for (const visit of visits) {
    const date = visitDate(visit);
    if (date === null) continue;
    const day = days.get(date);
    if (day) day.push(visit);
    else days.set(date, [visit]);
  }
  for (const day of days.values()) day.sort(byStart);
  return days;
}

/** The team view's lane of nobody. */
export const UNASSIGNED_LANE = 'unassigned';

export function laneKey(laneId: string, date: string): string {
  return `${laneId}|${date}`;
}

/**
 * The visits of each team lane and day: a visit with two assignees is in both lanes, an
 * unassigned one in the Unassigned lane.
 */
export function groupVisitsByLane(visits: readonly VisitSummary[]): Map<string, VisitSummary[]> {
  const lanes = new Map<string, VisitSummary[]>();
  const add = (key: string, visit: VisitSummary) => {
    const lane = lanes.get(key);
    if (lane) lane.push(visit);
    else lanes.set(key, [visit]);
  };
  for (const visit of visits) {
    const date = visitDate(visit);
    if (date === null) continue;
    if (visit.assignees.length === 0) add(laneKey(UNASSIGNED_LANE, date), visit);
    for (const person of visit.assignees) add(laneKey(person.id, date), visit);
  }
  for (const lane of lanes.values()) lane.sort(byStart);
  return lanes;
}

export interface PlacedVisit {
  visit: VisitSummary;
  /** Minutes after midnight, clipped to the day. */
  start: number;
  end: number;
  /** Side-by-side columns for overlapping visits. */
  column: number;
  columns: number;
  /** Its cluster folds some visits into a "+N" tile beside it (foldLanes). */
  folded?: boolean;
}

/**
 * Where each visit of one day goes on a time grid: overlapping visits share the width in
 * columns (each cluster of overlaps gets as many columns as it needs at most).
 */
export function layoutDay(visits: readonly VisitSummary[]): PlacedVisit[] {
  const sorted = [...visits].sort(byStart);
  const placed: PlacedVisit[] = [];
  let cluster: PlacedVisit[] = [];
  let columnEnds: number[] = [];
  let clusterEnd = -1;

  const closeCluster = () => {
    for (const p of cluster) p.columns = columnEnds.length;
    cluster = [];
    columnEnds = [];
  };

  for (const visit of sorted) {
    const start = visitStartMinutes(visit);
    const end = Math.min(24 * 60, start + Math.max(15, visit.durationMinutes));
    if (start >= clusterEnd) closeCluster();
    let column = columnEnds.findIndex((columnEnd) => columnEnd <= start);
    if (column === -1) {
      column = columnEnds.length;
      columnEnds.push(end);
    } else columnEnds[column] = end;
    const item: PlacedVisit = { visit, start, end, column, columns: 1 };
    cluster.push(item);
    placed.push(item);
    clusterEnd = Math.max(clusterEnd, end);
  }
  closeCluster();
  return placed;
}

/** Visits folded away in a narrow column: a "+N" tile at the column's right edge. */
export interface FoldedVisits {
  start: number;
  end: number;
  visits: VisitSummary[];
}

/**
 * A narrow day (a week's column) cannot show many visits side by side: a cluster needing more
 * than `maxColumns` keeps its first lanes and folds the rest into one narrow tile beside them,
 * which opens the day. Separate clusters are folded on their own.
 */
export function foldLanes(
  placed: readonly PlacedVisit[],
  maxColumns: number,
): { shown: PlacedVisit[]; folded: FoldedVisits[] } {
  const shown: PlacedVisit[] = [];
  const folds = new Map<number, FoldedVisits>();
  let clusterStart = -1;
  let clusterEnd = -1;
  for (const p of placed) {
    if (p.start >= clusterEnd) clusterStart = p.start;
    clusterEnd = Math.max(clusterEnd, p.end);
    if (p.columns <= maxColumns) {
      shown.push(p);
      continue;
    }
    if (p.column < maxColumns) {
      shown.push({ ...p, columns: maxColumns, folded: true });
      continue;
    }
    const fold = folds.get(clusterStart);
    if (fold) {
      fold.start = Math.min(fold.start, p.start);
      fold.end = Math.max(fold.end, p.end);
      fold.visits.push(p.visit);
    } else folds.set(clusterStart, { start: p.start, end: p.end, visits: [p.visit] });
  }
  return { shown, folded: [...folds.values()] };
}
