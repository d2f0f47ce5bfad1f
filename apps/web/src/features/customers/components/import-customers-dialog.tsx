import { useQueryClient } from '@tanstack/react-query';
import { optionLabel } from '@crewdesk/domain';
import { useMemo } from 'react';
import { toast } from 'sonner';
import { CsvImportDialog, type CsvImporter } from '@/components/csv-import-dialog';
import type { ControlledDialogProps } from '@/components/ui/dialog';
import { customersQueryKey } from '@/entities/customer/api/customer-api';
import { checkImport, previewImport, runImport, type ImportResult } from '../api/import-customers';

/** The largest file the server takes (it answers 413 above). */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** 'firstName' → 'First Name' for the mapping table. */
const fieldLabel = (field: string) => optionLabel(field.replace(/([A-Z])/g, '_$1').toLowerCase());

const contactsImported = (n: number) =>
  `${n} ${n === 1 ? 'contact was' : 'contacts were'} imported.`;

/** Import contacts from CSV: choose a file, map its columns, check every row, import. */
export function ImportCustomersDialog({ open, onOpenChange }: ControlledDialogProps) {
  const queryClient = useQueryClient();
  const importer = useMemo<CsvImporter<ImportResult>>(
    () => ({
      noun: { one: 'contact', other: 'contacts' },
      fieldHeading: 'Contact field',
      fieldLabel,
      intro:
        'Choose a CSV file with a header row (up to 10,000 contacts). Next you match its columns to the contact fields and see every row that needs fixing before anything is imported.',
      maxFileBytes: MAX_FILE_BYTES,
      tooLargeMessage: 'Choose a file of at most 5 MB.',
      preview: previewImport,
      check: checkImport,
      run: runImport,
      onImported: (result) => {
        void queryClient.invalidateQueries({ queryKey: customersQueryKey });
        toast.success('Contacts imported', { description: contactsImported(result.imported) });
      },
      summary: (result) => contactsImported(result.imported),
    }),
    [queryClient],
  );
  return (
    <CsvImportDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Import contacts"
      description="From a CSV file, such as an export from Crewdesk or a spreadsheet."
      importer={importer}
    />
  );
}
