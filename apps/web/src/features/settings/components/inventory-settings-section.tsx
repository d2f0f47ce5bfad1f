import { INVENTORY_ROUTE_ROLES, isRoleAllowed, type InventorySettings } from '@crewdesk/domain';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PageLoading } from '@/components/ui/page-loading';
import { RequestErrorAlert } from '@/components/ui/request-error-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import {
  useInventorySettings,
  useSaveInventorySettings,
} from '@/entities/inventory/api/inventory-api';
import { useSession } from '@/lib/session/session-context';

/** Settings → Inventory (admins and managers, like /inventory): the business's stock rules. */
export function InventorySettingsSection() {
  const { role, activeAccountId } = useSession();
  if (!isRoleAllowed(role, activeAccountId, INVENTORY_ROUTE_ROLES))
    return (
      <Alert>Only the business owner, an admin or a manager can change inventory settings.</Alert>
    );
  return <InventorySettingsLoader />;
}

function InventorySettingsLoader() {
  const settings = useInventorySettings();
  if (settings.isPending) return <PageLoading />;
  if (settings.isError)
    return (
      <LoadErrorAlert
        title="Could not load the inventory settings"
        error={settings.error}
        onRetry={() => void settings.refetch()}
      />
    );
  return <InventorySettingsForm settings={settings.data} />;
}

function InventorySettingsForm({ settings }: { settings: InventorySettings }) {
  const id = useId();
  const save = useSaveInventorySettings();
  const [allow, setAllow] = useState(settings.allowNegativeStock);

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      { allowNegativeStock: allow },
      { onSuccess: () => toast.success('Inventory settings saved') },
    );
  }

  return (
    <Card className="p-4 sm:p-6">
      <form noValidate aria-label="Inventory settings" className="space-y-4" onSubmit={submit}>
        <RequestErrorAlert request={save} fallback="Could not save the settings. Try again." />
        <div className="flex items-start gap-3">
          <input
            id={id}
            type="checkbox"
            className="mt-0.5 size-5"
            checked={allow}
            onChange={(e) => setAllow(e.target.checked)}
            aria-describedby={`${id}-hint`}
          />
          <div>
            <Label htmlFor={id}>Allow negative stock</Label>
            <p id={`${id}-hint`} className="mt-1 text-sm text-muted-foreground">
              Record a use even when the books say there is not enough; a later count catches up.
              Off, a movement that would take a location below zero is refused.
            </p>
          </div>
        </div>
        <SubmitButton pending={save.isPending} pendingLabel="Saving...">
          Save
        </SubmitButton>
      </form>
    </Card>
  );
}
