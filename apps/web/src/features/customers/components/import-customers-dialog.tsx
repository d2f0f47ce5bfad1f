import { useMutation, useQueryClient } from '@tanstack/react-query';
import { optionLabel } from '@crewdesk/domain';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  type ControlledDialogProps,
  Dialog,
  DialogContent,
  DialogFooter,
} from '@/components/ui/dialog';
import { fieldClassName, Input, Label } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { customersQueryKey } from '@/entities/customer/api/customer-api';
import {
  checkImport,
  previewImport,
  runImport,
  type ImportMode,
  type ImportPreview,
  type ImportResult,
} from '../api/import-customers';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { TableHead } from '@/components/ui/table-head';
import { SelectOptions } from '@/components/ui/select-options';

/** The largest file the server takes (it answers 413 above). */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

type Step =
  | { name: 'file' }
  | { name: 'map'; csv: string; preview: ImportPreview; mapping: Record<string, string | null> }
  | { name: 'done'; result: ImportResult };

/** 'firstName' → 'First Name' for the mapping table. */
const fieldLabel = (field: string) => optionLabel(field.replace(/([A-Z])/g, '_$1').toLowerCase());

const IMPORT_MODES: readonly ImportMode[] = ['all-or-nothing', 'valid-only'];
function cellOf(
  row: ImportPreview['sampleRows'][number],
  headers: string[],
  header: string | null,
) {
  if (header === null) return '';
  if (Array.isArray(row)) return row[headers.indexOf(header)] ?? '';
  return row[header] ?? '';
}

function FileStep({ onPreview }: { onPreview: (csv: string, preview: ImportPreview) => void }) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useMutation({
    mutationFn: async (file: File) => {
      const csv = await file.text();
      return { csv, preview: await previewImport(csv) };
    },
    onSuccess: ({ csv, preview: result }) => onPreview(csv, result),
  });
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        Choose a CSV file with a header row (up to 10,000 contacts). Next you match its columns to
        the contact fields and see every row that needs fixing before anything is imported.
      </p>
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
            if (file.size > MAX_FILE_BYTES) {
              setProblem('Choose a file of at most 5 MB.');
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

function MappingStep({
  step,
  onMappingChange,
  onDone,
}: {
  step: Extract<Step, { name: 'map' }>;
  onMappingChange: (mapping: Record<string, string | null>) => void;
  onDone: (result: ImportResult) => void;
}) {
  const { preview, mapping, csv } = step;
  const fields = Object.keys(preview.suggestedMapping);
  const [checked, setChecked] = useState<ImportResult | null>(null);
  const [mode, setMode] = useState<ImportMode>('all-or-nothing');
  const [progress, setProgress] = useState(0);
  const check = useMutation({
    mutationFn: () => checkImport({ csv, mapping, mode: 'all-or-nothing' }),
    onSuccess: setChecked,
  });
  const importRows = useMutation({
    mutationFn: () => runImport({ csv, mapping, mode }, setProgress),
    onSuccess: onDone,
  });
  const invalid = checked?.errors.length ?? 0;
  const valid = preview.rowCount - invalid;
  const canImport = checked !== null && (invalid === 0 || mode === 'valid-only') && valid > 0;

  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        {preview.rowCount} {preview.rowCount === 1 ? 'row' : 'rows'} found. Match each contact field
        to a column of the file.
      </p>
      <div className="max-h-64 overflow-auto rounded-md border">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Column mapping and preview</caption>
          <TableHead
            className="sticky top-0 bg-muted text-xs text-muted-foreground"
            cellClassName="px-3 py-2"
            padLast
            headings={[{ label: 'Contact field' }, { label: 'CSV column' }, { label: 'First row' }]}
          />
          <tbody className="divide-y">
            {fields.map((field) => (
              <tr key={field}>
                <th scope="row" className="px-3 py-1.5 font-medium">
                  {fieldLabel(field)}
                </th>
                <td className="px-3 py-1.5">
                  <select
                    aria-label={`Column for ${fieldLabel(field)}`}
                    className={cn(fieldClassName, 'h-9 py-1')}
                    value={mapping[field] ?? ''}
                    onChange={(event) => {
                      setChecked(null);
                      onMappingChange({ ...mapping, [field]: event.target.value || null });
                    }}
                  >
                    <option value="">Not imported</option>
                    <SelectOptions values={preview.headers} />
                  </select>
                </td>
                <td className="max-w-[10rem] truncate px-3 py-1.5 text-muted-foreground">
                  {preview.sampleRows[0]
                    ? cellOf(preview.sampleRows[0], preview.headers, mapping[field] ?? null)
                    : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {check.isError ? (
        <Alert tone="error">{errorMessage(check.error, 'Could not check the rows.')}</Alert>
      ) : null}
      {checked ? (
        invalid === 0 ? (
          <Alert tone="success">All {preview.rowCount} rows are ready to import.</Alert>
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
          disabled={check.isPending || importRows.isPending}
        >
          {check.isPending ? 'Checking...' : 'Check rows'}
        </Button>
        <Button onClick={() => importRows.mutate()} disabled={!canImport || importRows.isPending}>
          {importRows.isPending
            ? 'Importing...'
            : `Import ${mode === 'valid-only' ? valid : preview.rowCount} contacts`}
        </Button>
      </DialogFooter>
    </div>
  );
}

/** Import contacts from CSV: choose a file, map its columns, check every row, import. */
export function ImportCustomersDialog({ open, onOpenChange }: ControlledDialogProps) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: 'file' });
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setStep({ name: 'file' });
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title="Import contacts"
        description="From a CSV file, such as an export from Crewdesk or a spreadsheet."
        className="max-w-2xl"
      >
        {step.name === 'file' ? (
          <FileStep
            onPreview={(csv, preview) =>
              setStep({ name: 'map', csv, preview, mapping: preview.suggestedMapping })
            }
          />
        ) : step.name === 'map' ? (
          <MappingStep
            step={step}
            onMappingChange={(mapping) => setStep({ ...step, mapping })}
            onDone={(result) => {
              void queryClient.invalidateQueries({ queryKey: customersQueryKey });
              toast.success('Contacts imported', {
                description: `${result.imported} ${result.imported === 1 ? 'contact was' : 'contacts were'} imported.`,
              });
              setStep({ name: 'done', result });
            }}
          />
        ) : (
          <div className="space-y-4">
            <Alert tone="success">
              {step.result.imported} {step.result.imported === 1 ? 'contact was' : 'contacts were'}{' '}
              imported.
            </Alert>
            <DialogFooter>
              <Button onClick={() => close(false)}>Done</Button>
            </DialogFooter>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
