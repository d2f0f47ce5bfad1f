import { type SourceToCash } from '@crewdesk/domain';
import { FigureDefinitions } from '@/components/figure-definitions';
import { Card } from '@/components/ui/card';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PageLoading } from '@/components/ui/page-loading';
import { useSourceToCash } from '../api/sales-api';
import { formatAmount } from '@/lib/money';

type Figures = SourceToCash['total'];

const FIGURES: readonly {
  key: keyof SourceToCash['definitions'];
  label: string;
  value: (f: Figures) => string;
}[] = [
  { key: 'opportunities', label: 'Opportunities', value: (f) => String(f.opportunities) },
  {
    key: 'winRate',
    label: 'Win rate',
    value: (f) => (f.winRatePercent === null ? '—' : `${f.winRatePercent}%`),
  },
  {
    key: 'medianDaysToFirstVisit',
    label: 'Median days to first visit',
    value: (f) => (f.medianDaysToFirstVisit === null ? '—' : String(f.medianDaysToFirstVisit)),
  },
  { key: 'collected', label: 'Collected', value: (f) => formatAmount(f.collectedCents) },
];

/** From 640 px: one row per source, short column headers, the totals last. */
function FiguresTable({ figures }: { figures: SourceToCash }) {
  return (
    <div className="hidden overflow-x-auto sm:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Source to cash per lead source</caption>
        <thead className="border-b text-xs">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Source
            </th>
            {FIGURES.map((f) => (
              <th key={f.key} scope="col" className="py-2 pr-3 font-medium">
                {f.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {[...figures.rows, { ...figures.total, source: 'all', label: 'All sources' }].map(
            (row) => (
              <tr key={row.source} className={row.source === 'all' ? 'font-semibold' : undefined}>
                <th scope="row" className="py-2 pr-3 font-medium">
                  {row.label}
                </th>
                {FIGURES.map((f) => (
                  <td key={f.key} className="py-2 pr-3 tabular-nums">
                    {f.value(row)}
                  </td>
                ))}
              </tr>
            ),
          )}
        </tbody>
      </table>
    </div>
  );
}

/** On a phone: a card per source, its figures as a list, nothing running past the screen. */
function FiguresCards({ figures }: { figures: SourceToCash }) {
  const rows = [...figures.rows, { ...figures.total, source: 'all', label: 'All sources' }];
  return (
    <ul aria-label="Source to cash per lead source" className="space-y-2 sm:hidden">
      {rows.map((row) => (
        <li key={row.source} className="rounded-md border p-3">
          <p className="font-medium">{row.label}</p>
          <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
            {FIGURES.map((f) => (
              <div key={f.key} className="min-w-0">
                <dt className="text-xs text-muted-foreground">{f.label}</dt>
                <dd className="tabular-nums">{f.value(row)}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

/**
 * Source to cash: per lead source, from the first inquiry to the money collected; how each
 * figure is counted is the domain's definition, in a disclosure under the figures.
 */
export function SourceToCashPanel() {
  const figures = useSourceToCash(true);
  return (
    <Card className="mt-6 p-4 sm:p-5">
      <h2 className="text-lg font-semibold">Source to cash</h2>
      <p className="mb-3 text-sm text-muted-foreground">
        Where your leads come from, and what each source has brought in so far.
      </p>
      {figures.isPending ? (
        <PageLoading />
      ) : figures.isError ? (
        <LoadErrorAlert
          title="Could not load the source-to-cash figures"
          error={figures.error}
          onRetry={() => void figures.refetch()}
        />
      ) : figures.data.rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No opportunities yet, so no figures.</p>
      ) : (
        <>
          <FiguresTable figures={figures.data} />
          <FiguresCards figures={figures.data} />
          <FigureDefinitions
            definitions={FIGURES.map((f) => ({
              label: f.label,
              definition: figures.data.definitions[f.key],
            }))}
          />
        </>
      )}
    </Card>
  );
}
