import { type SourceToCash } from '@crewdesk/domain';
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

/**
 * Source to cash: per lead source, from the first inquiry to the money collected, each figure
 * with its definition from the domain beside it.
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
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Source to cash per lead source</caption>
            <thead className="border-b align-bottom text-xs">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Source
                </th>
                {FIGURES.map((f) => (
                  <th key={f.key} scope="col" className="max-w-[14rem] py-2 pr-3 font-medium">
                    {f.label}
                    <span className="mt-1 block font-normal text-muted-foreground">
                      {figures.data.definitions[f.key]}
                    </span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y">
              {figures.data.rows.map((row) => (
                <tr key={row.source}>
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {row.label}
                  </th>
                  {FIGURES.map((f) => (
                    <td key={f.key} className="py-2 pr-3 tabular-nums">
                      {f.value(row)}
                    </td>
                  ))}
                </tr>
              ))}
              <tr className="font-semibold">
                <th scope="row" className="py-2 pr-3">
                  All sources
                </th>
                {FIGURES.map((f) => (
                  <td key={f.key} className="py-2 pr-3 tabular-nums">
                    {f.value(figures.data.total)}
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
