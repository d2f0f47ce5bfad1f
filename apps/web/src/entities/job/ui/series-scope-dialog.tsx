import type { SeriesScope } from '@crewdesk/domain';
import { AlertDialog } from 'radix-ui';
import { Button } from '@/components/ui/button';

export type ScopeAction = 'save' | 'delete';

/** A series visit: is the change for this visit only, or this and the following ones? */
export function SeriesScopeDialog({
  action,
  onOpenChange,
  onChoose,
}: {
  action: ScopeAction | null;
  onOpenChange: (open: boolean) => void;
  onChoose: (scope: SeriesScope) => void;
}) {
  const deleting = action === 'delete';
  return (
    <AlertDialog.Root open={action !== null} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-foreground/40" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 animate-fade-in rounded-lg border bg-background p-5 text-foreground shadow-xl outline-none sm:p-6">
          <AlertDialog.Title className="text-lg font-semibold leading-tight">
            {deleting ? 'Delete a recurring visit' : 'Edit a recurring visit'}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted-foreground">
            This visit is part of a series. Which visits should {deleting ? 'be deleted' : 'change'}
            ?
          </AlertDialog.Description>
          <div className="mt-5 flex flex-col gap-2">
            <Button variant={deleting ? 'destructive' : 'default'} onClick={() => onChoose('this')}>
              {deleting ? 'Delete this visit' : 'Edit this visit'}
            </Button>
            <Button variant="outline" onClick={() => onChoose('following')}>
              This and following visits
            </Button>
            <AlertDialog.Cancel asChild>
              <Button variant="ghost">Cancel</Button>
            </AlertDialog.Cancel>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
