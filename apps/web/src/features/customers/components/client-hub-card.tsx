import { Eye, Link2Off } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PageLoading } from '@/components/ui/page-loading';
import {
  ClientHubView,
  useHubPreview,
  useMayManageClientHub,
  useRevokeHubLinks,
} from '@/entities/client-hub/client-hub';
import { errorMessage } from '@/lib/api-client';

function HubPreview({ customerId }: { customerId: string }) {
  const preview = useHubPreview(customerId, true);
  if (preview.isPending) return <PageLoading />;
  if (preview.isError)
    return (
      <LoadErrorAlert
        title="Could not load the preview"
        error={preview.error}
        onRetry={() => void preview.refetch()}
      />
    );
  return <ClientHubView hub={preview.data} preview />;
}

/**
 * The contact's client hub, for managers: see it exactly as the client does, and revoke every
 * link sent to them at once (decision 041).
 */
export function ClientHubCard({ customerId, name }: { customerId: string; name: string }) {
  const mayManage = useMayManageClientHub();
  const [previewing, setPreviewing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeHubLinks(customerId);
  if (!mayManage) return null;

  return (
    <Card className="space-y-3 p-5">
      <div>
        <h2 className="text-base font-semibold">Client hub</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Every link sent to {name} also opens their quotes, visits and invoices, after a code sent
          to their e-mail or phone.
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button variant="outline" onClick={() => setPreviewing(true)}>
          <Eye aria-hidden="true" />
          Preview hub as client
        </Button>
        <Button variant="outline" onClick={() => setConfirming(true)}>
          <Link2Off aria-hidden="true" />
          Revoke all client links
        </Button>
      </div>
      <Dialog open={previewing} onOpenChange={setPreviewing}>
        <DialogContent
          title={`${name}'s hub`}
          description="What the client sees after entering their code. Read-only."
          className="max-w-3xl"
        >
          {previewing ? <HubPreview customerId={customerId} /> : null}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Revoke all client links?"
        description={`Every estimate, invoice and report link sent to ${name} stops working, and their hub session ends. Links you send from now on work as usual.`}
        confirmLabel="Revoke links"
        cancelLabel="Cancel"
        destructive
        pending={revoke.isPending}
        onConfirm={() =>
          revoke.mutate(undefined, {
            onSuccess: (answer) => {
              setConfirming(false);
              toast.success('Links revoked', { description: answer.message });
            },
            onError: (error) =>
              toast.error('Error', {
                description: errorMessage(error, 'The links could not be revoked. Try again.'),
              }),
          })
        }
      />
    </Card>
  );
}
