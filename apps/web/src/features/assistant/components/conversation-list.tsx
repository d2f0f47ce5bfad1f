import { MessageSquarePlus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { ConversationSummary } from '@crewdesk/domain';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatInstant } from '@/lib/format';
import { useConversations, useDeleteConversation } from '../api/assistant-api';

/** This person's conversations, newest first: open one, start one, delete one. */
export function ConversationList({
  currentId,
  onOpen,
  onNew,
  onDeleted,
}: {
  currentId: string | null;
  onOpen: (id: string) => void;
  onNew: () => void;
  onDeleted: (id: string) => void;
}) {
  const conversations = useConversations();
  const remove = useDeleteConversation();
  const [deleting, setDeleting] = useState<ConversationSummary | null>(null);

  return (
    <nav aria-label="Conversations" className="space-y-3">
      <Button variant="outline" className="w-full" onClick={onNew}>
        <MessageSquarePlus aria-hidden="true" />
        New conversation
      </Button>
      {conversations.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading...
        </p>
      ) : conversations.isError ? (
        <LoadErrorAlert
          title="Could not load your conversations"
          error={conversations.error}
          onRetry={() => void conversations.refetch()}
        />
      ) : conversations.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No conversations yet. What you ask is kept here until you delete it.
        </p>
      ) : (
        <ul className="space-y-1">
          {conversations.data.map((conversation) => {
            const current = conversation.id === currentId;
            return (
              <li key={conversation.id} className="group flex items-center gap-1">
                <button
                  type="button"
                  aria-current={current ? 'page' : undefined}
                  onClick={() => onOpen(conversation.id)}
                  className={cn(
                    'min-w-0 flex-1 rounded-md px-3 py-2 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
                    current && 'bg-accent text-accent-foreground',
                  )}
                >
                  <span className="block truncate font-medium">
                    {conversation.title || 'Untitled conversation'}
                  </span>
                  <span className="block text-xs text-muted-foreground">
                    {formatInstant(conversation.updatedAt)}
                  </span>
                </button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete “${conversation.title || 'Untitled conversation'}”`}
                  onClick={() => setDeleting(conversation)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete this conversation?"
        description="Its messages are deleted for good. What was confirmed from it stays in Crewdesk."
        confirmLabel="Delete"
        cancelLabel="Keep it"
        destructive
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          const { id } = deleting;
          remove.mutate(id, {
            onSuccess: () => {
              setDeleting(null);
              onDeleted(id);
              toast.success('Conversation deleted');
            },
            onError: (err) => toast.error(errorMessage(err, 'Could not delete the conversation.')),
          });
        }}
      />
    </nav>
  );
}
