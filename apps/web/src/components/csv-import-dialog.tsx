import { useMutation } from '@tanstack/react-query';
import { IMPORT_MODES, type ImportMode, type ImportRowError } from '@crewdesk/domain';
import { useId, useState, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  type ControlledDialogProps,
  Dialog,
  DialogContent,
  DialogFooter,
} from '@/components/ui/dialog';
import { fieldClassName, Input, Label } from '@/components/ui/input';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { SelectOptions } from '@/components/ui/select-options';
import { TableHead } from '@/components/ui/table-head';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';

/** What the server answers for a file: its columns, the mapping it suggests, a few rows. */
export interface CsvImportPreview {
  headers: string[];
  suggestedMapping: Record<string, string | null>;
  rowCount: number;
  sampleRows: string[][];
}

export interface CsvImportResult {
  imported: number;
  errors: ImportRowError[];
}

export interface CsvImportRequest {
  csv: string;
  mapping: Record<string, string | null>;
  mode: ImportMode;
}

/** The words and requests that make the dialog import one kind of record. */
export interface CsvImporter<R extends CsvImportResult> {
  /** 'contact' / 'contacts'. */
  noun: { one: string; other: string };
  /** The mapping table's first column's heading: 'Contact field'. */
  fieldHeading: string;
  fieldLabel: (field: string) => string;
  /** The fields that must have a column before the rows can be checked. */
  requiredFields?: readonly string[];
  /** The file step's explanation. */
  intro: string;
  maxFileBytes: number;
  tooLargeMessage: string;
  preview: (csv: string) => Promise<CsvImportPreview>;
  /** A dry run: every row checked, nothing written. */
  check: (request: CsvImportRequest) => Promise<R>;
  run: (request: CsvImportRequest, onProgress: (fraction: number) => void) => Promise<R>;
  /** After a successful import (refresh lists, toast). */
  onImported: (result: R) => void;
  /** The last step's words for what was imported. */
  summary: (result: R) => ReactNode;
}

type Step<R> =
  | { name: 'file' }
  | {
      name: 'map';
      csv: string;
      preview: CsvImportPreview;
      mapping: Record<string, string | null>;
    }
  | { name: 'done'; result: R };

const count = (n: number, noun: { one: string; other: string }) =>
  `${n} ${n === 1 ? noun.one : noun.other}`;

function FileStep<R extends CsvImportResult>({
  importer,
  onPreview,
}: {
  importer: CsvImporter<R>;
  onPreview: (csv: string, preview: CsvImportPreview) => void;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useMutation({
    mutationFn: async (file: File) => {
      const csv = await file.text();
      return { csv, preview: await importer.preview(csv) };
    },
    onSuccess: ({ csv, preview: result }) => onPreview(csv, result),
  });
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">{importer.intro}</p>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      {preview.isError ? (
        <Alert tone="error">{errorMessage(preview.error, 'Could not read the file.')}</Alert>
      ) : null}
      <div className="space-y-1.5">
        <Label htmlFor={id}>CSV file</Label>
        <Input
          id={id}
          type="file"
          accept=".csv,text/csv"
          className="py-1.5"
          disabled={preview.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            if (file.size > importer.maxFileBytes) {
              setProblem(importer.tooLargeMessage);
              return;
            }
            setProblem(null);
            preview.mutate(file);
          }}
        />
      </div>
      {preview.isPending ? (
        <p className="text-sm text-muted-foreground">Reading the file...</p>
      ) : null}
    </div>
  );
}

function MappingStep<R extends CsvImportResult>({
  importer,
  step,
  onMappingChange,
  onDone,
}: {
  importer: CsvImporter<R>;
  step: Extract<Step<R>, { name: 'map' }>;
  onMappingChange: (mapping: Record<string, string | null>) => void;
  onDone: (result: R) => void;
}) {
  const { preview, mapping, csv } = step;
  const { noun } = importer;
  const fields = Object.keys(preview.suggestedMapping);
  const [checked, setChecked] = useState<R | null>(null);
  const [mode, setMode] = useState<ImportMode>('all-or-nothing');
  const [progress, setProgress] = useState(0);
  const check = useMutation({
    mutationFn: () => importer.check({ csv, mapping, mode: 'all-or-nothing' }),
    onSuccess: setChecked,
  });
  const importRows = useMutation({
    mutationFn: () => importer.run({ csv, mapping, mode }, setProgress),
    onSuccess: onDone,
  });
  const missing = (importer.requiredFields ?? []).filter((f) => !mapping[f]);
  const invalid = checked?.errors.length ?? 0;
  const valid = preview.rowCount - invalid;
  const canImport = checked !== null && (invalid === 0 || mode === 'valid-only') && valid > 0;
  const firstRow = preview.sampleRows[0];

  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        {preview.rowCount} {preview.rowCount === 1 ? 'row' : 'rows'} found. Match each{' '}
        {importer.fieldHeading.toLowerCase()} to a column of the file.
      </p>
      <div className="max-h-64 overflow-auto rounded-md border">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Column mapping and preview</caption>
          <TableHead
            className="sticky top-0 bg-muted text-xs text-muted-foreground"
            cellClassName="px-3 py-2"
            padLast
            headings={[
              { label: importer.fieldHeading },
              { label: 'CSV column' },
              // On a phone the column's select needs the width; the first row waits for wider.
              { label: 'First row', className: 'hidden sm:table-cell' },
            ]}
          />
          <tbody className="divide-y">
            {fields.map((field) => {
              const header = mapping[field] ?? null;
              return (
                <tr key={field}>
                  <th scope="row" className="px-3 py-1.5 font-medium">
                    {importer.fieldLabel(field)}
                  </th>
                  <td className="px-3 py-1.5">
                    <select
                      aria-label={`Column for ${importer.fieldLabel(field)}`}
                      className={cn(fieldClassName, 'h-9 min-w-[8rem] py-1')}
                      value={header ?? ''}
                      onChange={(event) => {
                        setChecked(null);
                        onMappingChange({ ...mapping, [field]: event.target.value || null });
                      }}
                    >
                      <option value="">Not imported</option>
                      <SelectOptions values={preview.headers} />
                    </select>
                  </td>
                  <td className="hidden max-w-[10rem] truncate px-3 py-1.5 text-muted-foreground sm:table-cell">
                    {firstRow && header !== null
                      ? (firstRow[preview.headers.indexOf(header)] ?? '')
                      : ''}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      {missing.length > 0 ? (
        <Alert tone="warning">
          Choose a column for {missing.map((f) => importer.fieldLabel(f)).join(', ')}.
        </Alert>
      ) : null}
      {check.isError ? (
        <Alert tone="error">{errorMessage(check.error, 'Could not check the rows.')}</Alert>
      ) : null}
      {checked ? (
        invalid === 0 ? (
          <Alert tone="success">
            {preview.rowCount === 1
              ? 'The row is ready to import.'
              : `All ${preview.rowCount} rows are ready to import.`}
          </Alert>
        ) : (
          <div className="space-y-3">
            <Alert tone="error">
              {invalid} {invalid === 1 ? 'row needs' : 'rows need'} fixing; {valid}{' '}
              {valid === 1 ? 'is' : 'are'} ready.
            </Alert>
            <ul
              aria-label="Rows with errors"
              className="max-h-40 space-y-1 overflow-auto rounded-md border p-3 text-sm"
            >
              {checked.errors.map((error) => (
                <li key={error.row}>
                  <span className="font-medium">Row {error.row}:</span> {error.messages.join(' ')}
                </li>
              ))}
            </ul>
            <fieldset className="space-y-2 text-sm">
              <legend className="font-medium">What to import</legend>
              {IMPORT_MODES.map((choice) => (
                <label key={choice} className="flex items-start gap-2">
                  <input
                    type="radio"
                    name="import-mode"
                    checked={mode === choice}
                    onChange={() => setMode(choice)}
                    className="mt-1"
                  />
                  {choice === 'all-or-nothing'
                    ? 'Nothing until every row is fixed'
                    : `Only the ${valid} valid ${valid === 1 ? 'row' : 'rows'}`}
                </label>
              ))}
            </fieldset>
          </div>
        )
      ) : null}

      {importRows.isPending || importRows.isSuccess ? (
        <div className="space-y-1">
          <p className="text-sm">Importing...</p>
          <progress
            aria-label="Import progress"
            value={Math.round(progress * 100)}
            max={100}
            className="h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary"
          />
        </div>
      ) : null}
      <RequestErrorAlert request={importRows} fallback="The import failed; nothing was imported." />

      <DialogFooter>
        <Button
          variant="outline"
          onClick={() => check.mutate()}
          disabled={check.isPending || importRows.isPending || missing.length > 0}
        >
          {check.isPending ? 'Checking...' : 'Check rows'}
        </Button>
        <Button onClick={() => importRows.mutate()} disabled={!canImport || importRows.isPending}>
          {importRows.isPending
            ? 'Importing...'
            : `Import ${count(mode === 'valid-only' ? valid : preview.rowCount, noun)}`}
        </Button>
      </DialogFooter>
    </div>
  );
}

/**
 * Import records from CSV, the same way for every kind: choose a file, map its columns (the
 * server suggests a mapping), check every row (errors by the file's row number), choose all or
 * only the valid rows, import with the upload's progress.
 */
export function CsvImportDialog<R extends CsvImportResult>({
  open,
  onOpenChange,
  title,
  description,
  importer,
}: ControlledDialogProps & { title: string; description: string; importer: CsvImporter<R> }) {
  const [step, setStep] = useState<Step<R>>({ name: 'file' });
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setStep({ name: 'file' });
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title={title} description={description} className="max-w-2xl">
        {step.name === 'file' ? (
          <FileStep
            importer={importer}
            onPreview={(csv, preview) =>
              setStep({ name: 'map', csv, preview, mapping: preview.suggestedMapping })
            }
          />
        ) : step.name === 'map' ? (
          <MappingStep
            importer={importer}
            step={step}
            onMappingChange={(mapping) => setStep({ ...step, mapping })}
            onDone={(result) => {
              importer.onImported(result);
              setStep({ name: 'done', result });
            }}
          />
        ) : (
          <div className="space-y-4">
            <Alert tone="success">{importer.summary(step.result)}</Alert>
            <DialogFooter>
              <Button onClick={() => close(false)}>Done</Button>
            </DialogFooter>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
