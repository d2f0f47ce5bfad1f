import { toast } from 'sonner';
import { useRequestCorrection } from '@/entities/time/api/time-api';
import { TimesForm } from './times-form';

/**
 * Asks a team leader or manager to change an entry's times (or to add time never punched): the
 * times it should have, and why. Nothing changes until it is approved.
 */
export function CorrectionForm({
  entry,
  onDone,
}: {
  entry: { id: string; startedAt: string; endedAt: string | null } | null;
  onDone: () => void;
}) {
  const ask = useRequestCorrection();
  return (
    <TimesForm
      label="Ask for a correction"
      submitLabel="Ask for the correction"
      initial={entry}
      request={ask}
      onCancel={onDone}
      onSubmit={(values) =>
        ask.mutate(
          { entryId: entry?.id ?? null, ...values },
          {
            onSuccess: () => {
              toast.success('Correction asked for: a team leader or manager will look at it.');
              onDone();
            },
          },
        )
      }
    />
  );
}
