import { hasBusinessManagerRights, type InspectionTemplate } from '@crewdesk/domain';
import { ClipboardCheck, Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PageLoading } from '@/components/ui/page-loading';
import {
  useAdoptStarterTemplate,
  useArchiveInspectionTemplate,
  useInspectionTemplates,
} from '@/entities/inspection/api/inspection-api';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session/session-context';
import { InspectionTemplateEditor } from './inspection-template-editor';

/** Settings → Inspection templates (admins and managers). */
export function InspectionTemplatesSection() {
  const { role } = useSession();
  if (!hasBusinessManagerRights(role))
    return (
      <Alert>Only the business owner, an admin or a manager can edit inspection templates.</Alert>
    );
  return <Templates />;
}

function Templates() {
  const templates = useInspectionTemplates();
  const adopt = useAdoptStarterTemplate();
  const archive = useArchiveInspectionTemplate();
  const [editing, setEditing] = useState<InspectionTemplate | 'new' | null>(null);
  const onError = (error: unknown) =>
    toast.error('Error', { description: errorMessage(error, 'Could not change the template.') });

  if (editing)
    return (
      <InspectionTemplateEditor
        template={editing === 'new' ? null : editing}
        onDone={() => setEditing(null)}
      />
    );
  if (templates.isPending) return <PageLoading />;
  if (templates.isError)
    return (
      <LoadErrorAlert
        title="Could not load the templates"
        error={templates.error}
        onRetry={() => void templates.refetch()}
      />
    );
  const { items, starters } = templates.data;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          Editing a template makes a new version. Inspections already started keep the version they
          started with.
        </p>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" />
          New template
        </Button>
      </div>
      {items.length === 0 ? (
        <EmptyState icon={ClipboardCheck} title="No templates yet">
          Start from one of the ready-made templates below, or build your own.
        </EmptyState>
      ) : (
        <Card className="divide-y">
          <ul aria-label="Inspection templates" className="divide-y">
            {items.map((t) => (
              <li key={t.id} className="flex flex-wrap items-center gap-3 p-4">
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {t.name}
                    {t.archived ? (
                      <Badge className="bg-muted text-muted-foreground">Archived</Badge>
                    ) : null}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    Version {t.version} · {t.itemCount} {t.itemCount === 1 ? 'item' : 'items'} ·
                    Pass mark {t.passMarkPercent}%
                  </p>
                </div>
                <div className="flex gap-2">
                  {t.archived ? null : (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setEditing(t)}
                      aria-label={`Edit ${t.name}`}
                    >
                      Edit
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={archive.isPending}
                    aria-label={`${t.archived ? 'Restore' : 'Archive'} ${t.name}`}
                    onClick={() => archive.mutate({ id: t.id, archived: !t.archived }, { onError })}
                  >
                    {t.archived ? 'Restore' : 'Archive'}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </Card>
      )}
      {starters.length > 0 ? (
        <section aria-labelledby="starter-templates" className="space-y-2">
          <h3 id="starter-templates" className="text-base font-semibold">
            Ready-made templates
          </h3>
          <ul className="grid gap-3 sm:grid-cols-2">
            {starters.map((starter) => (
              <li key={starter.key}>
                <Card className="flex h-full flex-col gap-2 p-4">
                  <p className="font-medium">{starter.name}</p>
                  <p className="flex-1 text-sm text-muted-foreground">{starter.description}</p>
                  <p className="text-xs text-muted-foreground">{starter.itemCount} items</p>
                  <Button
                    variant="outline"
                    size="sm"
                    className="self-start"
                    disabled={adopt.isPending}
                    aria-label={`Use ${starter.name}`}
                    onClick={() =>
                      adopt.mutate(starter.key, {
                        onSuccess: (t) => toast.success('Template added', { description: t.name }),
                        onError,
                      })
                    }
                  >
                    Use this template
                  </Button>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
