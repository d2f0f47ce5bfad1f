import {
  REPORT_GROUPINGS,
  REPORT_RANGE_MESSAGES,
  reportRangeProblem,
  type ReportGrouping,
} from '@crewdesk/domain';
import { BarChart3, Download, Printer } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { FilterField, selectClass } from '@/components/filter-field';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PageLoading } from '@/components/ui/page-loading';
import { cn } from '@/lib/cn';
import { formatDay } from '@/lib/format';
import { useReport } from '../api/reports-api';
import { formatValue } from '../model/format-value';
import type {
  BreakdownTable,
  DrillRowView,
  DrillTarget,
  ReportColumn,
  ReportDefinition,
  ReportRange,
} from '../model/report-definition';
import { ReportRowsDialog } from './report-rows-dialog';

// recharts is the biggest part of /reports: its own chunk, fetched as the report renders.
const ReportChart = lazy(() => import('./report-chart'));

const GROUPING_LABELS: Record<ReportGrouping, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
};

/** A figure of the table: a button opening the rows behind it, or plain text when none. */
function Figure({
  text,
  target,
  onDrill,
}: {
  text: string;
  target: DrillTarget | null | undefined;
  onDrill: (target: DrillTarget) => void;
}) {
  if (!target) return <>{text}</>;
  return (
    <button
      type="button"
      onClick={() => onDrill(target)}
      aria-label={`${target.title}: ${text}, show the rows`}
      className="rounded-sm text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
    >
      {text}
    </button>
  );
}

function RangeControls({
  range,
  onChange,
}: {
  range: ReportRange;
  onChange: (range: ReportRange) => void;
}) {
  const id = useId();
  return (
    <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
      <FilterField id={`${id}-from`} label="From">
        <Input
          id={`${id}-from`}
          type="date"
          value={range.from}
          max={range.to || undefined}
          onChange={(e) => onChange({ ...range, from: e.target.value })}
          className="sm:w-44"
        />
      </FilterField>
      <FilterField id={`${id}-to`} label="To">
        <Input
          id={`${id}-to`}
          type="date"
          value={range.to}
          min={range.from || undefined}
          onChange={(e) => onChange({ ...range, to: e.target.value })}
          className="sm:w-44"
        />
      </FilterField>
      <FilterField id={`${id}-group`} label="Group by">
        <select
          id={`${id}-group`}
          value={range.groupBy}
          onChange={(e) => onChange({ ...range, groupBy: e.target.value as ReportGrouping })}
          className={cn(selectClass, 'sm:w-32')}
        >
          {REPORT_GROUPINGS.map((g) => (
            <option key={g} value={g}>
              {GROUPING_LABELS[g]}
            </option>
          ))}
        </select>
      </FilterField>
    </div>
  );
}

/** What is wrong with the range, in the words of the screen (the rule is the domain's). */
function rangeProblem(range: ReportRange | null): string | null {
  if (!range) return null;
  if (!range.from || !range.to) return 'Choose a start and an end date.';
  const problem = reportRangeProblem(range.from, range.to, range.groupBy);
  if (problem === REPORT_RANGE_MESSAGES.inverted)
    return 'The start date must be on or before the end date.';
  return problem;
}

/**
 * One report, drawn from its definition: the range (when it has one), the chart, the table with
 * totals, the figures' definitions, the rows behind any figure, CSV and print.
 */
export function ReportView<Answer, Row, DrillRow>({
  definition,
  range,
  onRangeChange,
}: {
  definition: ReportDefinition<Answer, Row, DrillRow>;
  /** Null for a report on today's date (receivables). */
  range: ReportRange | null;
  onRangeChange: (range: ReportRange) => void;
}) {
  const [drill, setDrill] = useState<DrillTarget | null>(null);
  const problem = rangeProblem(range);
  const report = useReport<Answer>(definition.fetchPath(range), problem === null);

  let body;
  if (problem) body = <Alert tone="error">{problem}</Alert>;
  else if (report.isPending) body = <PageLoading />;
  else if (report.isError)
    body = (
      <LoadErrorAlert
        title={`Could not load the ${definition.title.toLowerCase()} report`}
        error={report.error}
        onRetry={() => void report.refetch()}
      />
    );
  else if (definition.isEmpty(report.data))
    body = (
      <EmptyState icon={BarChart3} title={definition.emptyTitle}>
        {definition.emptyText}
      </EmptyState>
    );
  else
    body = (
      <ReportBody definition={definition} answer={report.data} range={range} onDrill={setDrill} />
    );

  return (
    <section aria-labelledby="report-title">
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="report-title" className="text-lg font-semibold">
            {definition.title}
          </h2>
          <p className="text-sm text-muted-foreground">
            {definition.description}
            {report.data && definition.note?.(report.data)
              ? ` ${definition.note(report.data)}`
              : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-2" data-print-hidden>
          <a
            href={definition.csvPath(range)}
            download
            className={cn(
              buttonVariants({ variant: 'outline' }),
              problem && 'pointer-events-none opacity-50',
            )}
            aria-disabled={problem ? true : undefined}
          >
            <Download aria-hidden="true" />
            Download CSV
          </a>
          <Button variant="outline" onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            Print
          </Button>
        </div>
      </div>
      {range ? (
        <div className="mb-4" data-print-hidden>
          <RangeControls range={range} onChange={onRangeChange} />
        </div>
      ) : null}
      {range ? (
        <p className="mb-4 hidden text-sm print:block">
          {formatDay(range.from)} to {formatDay(range.to)}, by{' '}
          {GROUPING_LABELS[range.groupBy].toLowerCase()}
        </p>
      ) : null}
      <div
        aria-busy={report.isPlaceholderData || undefined}
        className={cn(report.isPlaceholderData && 'opacity-60')}
      >
        {body}
      </div>
      <ReportRowsDialog
        target={drill}
        describe={
          definition.drillRow?.bind(definition) as ((row: unknown) => DrillRowView) | undefined
        }
        onClose={() => setDrill(null)}
      />
    </section>
  );
}

function ReportBody<Answer, Row, DrillRow>({
  definition,
  answer,
  range,
  onDrill,
}: {
  definition: ReportDefinition<Answer, Row, DrillRow>;
  answer: Answer;
  range: ReportRange | null;
  onDrill: (target: DrillTarget) => void;
}) {
  const rows = definition.rows(answer);
  const totals = definition.totals?.(answer) ?? null;
  const breakdowns = definition.breakdowns?.(answer, range) ?? [];
  const definitions = definition.definitions(answer);
  const wide = (column: ReportColumn<Row>) =>
    column.wide ? 'hidden sm:table-cell print:table-cell' : '';

  return (
    <div className="space-y-4">
      <Card className="p-4 sm:p-5 print:break-inside-avoid">
        <h3 className="mb-3 text-sm font-semibold">{definition.chart.title}</h3>
        <figure
          aria-label={`${definition.chart.title}, chart; the table below has the same figures`}
          className="h-64 sm:h-72"
        >
          <Suspense fallback={<PageLoading className="h-full" />}>
            <ReportChart
              points={definition.chart.points(answer)}
              series={definition.chart.series}
              stacked={definition.chart.stacked}
              format={definition.chart.format}
              onDrill={onDrill}
            />
          </Suspense>
        </figure>
      </Card>
      <Card className="overflow-x-auto p-0">
        <table className="w-full text-sm">
          <caption className="sr-only">{definition.title}</caption>
          <thead className="border-b bg-muted/50 text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 text-left font-medium">
                {definition.rowHeading}
              </th>
              {definition.columns.map((column) => (
                <th
                  key={column.id}
                  scope="col"
                  className={cn('px-3 py-2 text-right font-medium', wide(column))}
                >
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {rows.map((row) => {
              const label = definition.rowLabel(row, answer);
              return (
                <tr key={definition.rowKey(row)}>
                  <th scope="row" className="whitespace-nowrap px-3 py-2 text-left font-normal">
                    {label}
                  </th>
                  {definition.columns.map((column) => (
                    <td
                      key={column.id}
                      className={cn(
                        'whitespace-nowrap px-3 py-2 text-right tabular-nums',
                        wide(column),
                      )}
                    >
                      <Figure
                        text={formatValue(column.format, column.value(row))}
                        target={column.drill?.(row, range)}
                        onDrill={onDrill}
                      />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
          {totals ? (
            <tfoot className="border-t-2 font-semibold">
              <tr>
                <th scope="row" className="px-3 py-2 text-left">
                  Total
                </th>
                {definition.columns.map((column) => (
                  <td
                    key={column.id}
                    className={cn(
                      'whitespace-nowrap px-3 py-2 text-right tabular-nums',
                      wide(column),
                    )}
                  >
                    <Figure
                      text={formatValue(column.format, totals.values[column.id] ?? null)}
                      target={totals.drills[column.id]}
                      onDrill={onDrill}
                    />
                  </td>
                ))}
              </tr>
            </tfoot>
          ) : null}
        </table>
      </Card>
      {breakdowns.map((table) => (
        <Breakdown key={table.id} table={table} onDrill={onDrill} />
      ))}
      {definitions.length > 0 ? (
        <Card className="p-4 text-sm sm:p-5">
          <h3 className="font-semibold">How these figures are counted</h3>
          <dl className="mt-2 space-y-1.5 text-muted-foreground">
            {definitions.map((d) => (
              <div key={d.id}>
                <dt className="inline font-medium text-foreground">{d.label}: </dt>
                <dd className="inline">{d.definition}</dd>
              </div>
            ))}
          </dl>
        </Card>
      ) : null}
      <p className="text-xs text-muted-foreground" data-print-hidden>
        Select a figure in the table, or a bar of the chart, to see the rows behind it.
      </p>
    </div>
  );
}

/** A small table under the main one (by category, by person…): its figures open their rows too. */
function Breakdown({
  table,
  onDrill,
}: {
  table: BreakdownTable;
  onDrill: (target: DrillTarget) => void;
}) {
  const wide = (column: BreakdownTable['columns'][number]) =>
    column.wide ? 'hidden sm:table-cell print:table-cell' : '';
  return (
    <Card className="overflow-x-auto p-0 print:break-inside-avoid">
      <table className="w-full text-sm">
        <caption className="px-3 pt-3 pb-2 text-left text-sm font-semibold">{table.title}</caption>
        <thead className="border-y bg-muted/50 text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              {table.rowHeading}
            </th>
            {table.columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                className={cn('px-3 py-2 text-right font-medium', wide(column))}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {table.rows.length === 0 ? (
            <tr>
              <td colSpan={table.columns.length + 1} className="px-3 py-2 text-muted-foreground">
                Nothing in this range.
              </td>
            </tr>
          ) : (
            table.rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="whitespace-nowrap px-3 py-2 text-left font-normal">
                  {row.label}
                </th>
                {table.columns.map((column) => (
                  <td
                    key={column.id}
                    className={cn(
                      'whitespace-nowrap px-3 py-2 text-right tabular-nums',
                      wide(column),
                    )}
                  >
                    <Figure
                      text={formatValue(column.format, row.values[column.id] ?? null)}
                      target={row.drills[column.id]}
                      onDrill={onDrill}
                    />
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </Card>
  );
}
