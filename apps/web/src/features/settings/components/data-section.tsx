import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Archive } from 'lucide-react';
import {
  hasBusinessAdminRights,
  type DataExport,
  type DataExportStatus,
  type DataImportResult,
} from '@crewdesk/domain';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageLoading } from '@/components/ui/page-loading';
import { formatDay } from '@/lib/format';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session/session-context';
import {
  dataExportDownloadUrl,
  dataExportsKey,
  dataExportsQueryOptions,
  deleteDataExport,
  importArchive,
  requestDataExport,
} from '../api/data-export-api';

const STATUS_LABEL: Record<DataExportStatus, string> = {
  queued: 'Waiting to start',
  running: 'Being made',
  ready: 'Ready',
  failed: 'Failed',
};

const day = (iso: string) => formatDay(iso);

function ExportRow({ item }: { item: DataExport }) {
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteDataExport(item.id),
    onSettled: () => client.invalidateQueries({ queryKey: dataExportsKey }),
  });
  const busy = item.status === 'queued' || item.status === 'running';
  return (
    <li className="space-y-2 py-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm">
          <span className="font-medium">Export of {day(item.createdAt)}</span>{' '}
          <span className="text-muted-foreground">
            · {STATUS_LABEL[item.status]}
            {item.status === 'ready' ? ` · available until ${day(item.expiresAt)}` : ''}
          </span>
        </p>
        <div className="flex gap-2">
          {item.status === 'ready' ? (
            <a
              href={dataExportDownloadUrl(item.id)}
              className={buttonVariants({ variant: 'outline', size: 'sm' })}
              download
            >
              Download
            </a>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
            aria-label={`Delete the export of ${day(item.createdAt)}`}
          >
            Delete
          </Button>
        </div>
      </div>
      {busy ? (
        <progress
          className="h-2 w-full"
          max={100}
          value={item.progress}
          aria-label={`Export of ${day(item.createdAt)}: ${item.progress}%`}
        />
      ) : null}
      {item.status === 'failed' && item.error ? (
        <p className="text-xs text-destructive">{item.error}</p>
      ) : null}
      {remove.isError ? (
        <p className="text-xs text-destructive">
          {errorMessage(remove.error, 'Could not delete this export.')}
        </p>
      ) : null}
    </li>
  );
}

function ExportEverything() {
  const client = useQueryClient();
  const exports = useQuery(dataExportsQueryOptions());
  const start = useMutation({
    mutationFn: requestDataExport,
    onSuccess: () => client.invalidateQueries({ queryKey: dataExportsKey }),
  });
  return (
    <Card className="space-y-4 p-5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="font-semibold">Export everything</h3>
          <p className="text-sm text-muted-foreground">
            One archive with every record, the main lists as CSV, and your photos. It is kept for 7
            days.
          </p>
        </div>
        <Button onClick={() => start.mutate()} disabled={start.isPending}>
          {start.isPending ? 'Starting...' : 'Export everything'}
        </Button>
      </div>
      {start.isError ? (
        <Alert tone="error">{errorMessage(start.error, 'Could not start the export.')}</Alert>
      ) : null}
      {exports.isPending ? <PageLoading /> : null}
      {exports.isError ? (
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
          <span>{errorMessage(exports.error, 'Could not load the exports.')}</span>
          <Button variant="outline" size="sm" onClick={() => void exports.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {exports.data?.items.length === 0 ? (
        <EmptyState icon={Archive} title="No exports yet">
          Your archives appear here while they are made and for 7 days after.
        </EmptyState>
      ) : null}
      {exports.data && exports.data.items.length > 0 ? (
        <ul aria-label="Exports" className="divide-y">
          {exports.data.items.map((item) => (
            <ExportRow key={item.id} item={item} />
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

function CheckResult({ result }: { result: DataImportResult }) {
  const counted = Object.entries(result.tables).filter(([, n]) => n > 0);
  return (
    <div className="space-y-2 text-sm">
      {result.problems.length > 0 ? (
        <Alert tone="error">
          <p className="font-medium">The archive cannot be imported:</p>
          <ul className="mt-1 list-disc pl-5">
            {result.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Alert>
      ) : (
        <Alert tone="success">
          {result.dryRun
            ? 'The archive passed the check. Import it to create:'
            : 'The archive was imported:'}
          <ul className="mt-1 list-disc pl-5">
            {counted.map(([table, n]) => (
              <li key={table}>
                {table.replaceAll('_', ' ')}: {n}
              </li>
            ))}
            <li>files: {result.files}</li>
          </ul>
        </Alert>
      )}
    </div>
  );
}

function ImportArchive() {
  const inputId = useId();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const check = useMutation({ mutationFn: (f: File) => importArchive(f, true) });
  const run = useMutation({
    mutationFn: (f: File) => importArchive(f, false),
    onSuccess: () => client.invalidateQueries(),
  });
  const passed = check.data !== undefined && check.data.problems.length === 0;
  const choose = (next: File | null) => {
    setFile(next);
    check.reset();
    run.reset();
  };
  return (
    <Card className="space-y-4 p-5 sm:p-6">
      <div>
        <h3 className="font-semibold">Import an archive</h3>
        <p className="text-sm text-muted-foreground">
          Brings an export into this business. Only an empty business (no contacts, quotes, jobs or
          invoices) takes one; it is checked first, then imported all at once or not at all.
        </p>
      </div>
      <div className="space-y-1">
        <label htmlFor={inputId} className="text-sm font-medium">
          Archive (.zip)
        </label>
        <input
          id={inputId}
          type="file"
          accept=".zip,application/zip"
          className="block text-sm"
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
        />
      </div>
      <div className="flex gap-2">
        <Button
          variant="outline"
          disabled={!file || check.isPending}
          onClick={() => file && check.mutate(file)}
        >
          {check.isPending ? 'Checking...' : 'Check'}
        </Button>
        <Button
          disabled={!file || !passed || run.isPending || run.isSuccess}
          onClick={() => file && run.mutate(file)}
        >
          {run.isPending ? 'Importing...' : 'Import'}
        </Button>
      </div>
      {check.isError ? (
        <Alert tone="error">{errorMessage(check.error, 'Could not check the archive.')}</Alert>
      ) : null}
      {run.isError ? (
        <Alert tone="error">
          {errorMessage(run.error, 'The import failed: nothing was written.')}
        </Alert>
      ) : null}
      {run.data ? (
        <CheckResult result={run.data} />
      ) : check.data ? (
        <CheckResult result={check.data} />
      ) : null}
    </Card>
  );
}

/** Settings > Data: export the whole business, import an archive (business admin rights). */
export function DataSection() {
  const { role } = useSession();
  if (!hasBusinessAdminRights(role)) {
    return <Alert>Only the business owner or an admin can export or import this business.</Alert>;
  }
  return (
    <div className="space-y-4">
      <ExportEverything />
      <ImportArchive />
    </div>
  );
}
