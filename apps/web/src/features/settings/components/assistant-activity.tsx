import type { ToolLogEntry } from '@crewdesk/domain';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { TableHead } from '@/components/ui/table-head';
import { formatInstant } from '@/lib/format';
import { useAssistantLog } from '../api/assistant-settings-api';

const STATUS_LABELS: Record<ToolLogEntry['status'], string> = {
  ok: 'Done',
  refused: 'Refused',
  invalid: 'Invalid',
  error: 'Failed',
  confirmed: 'Confirmed',
  failed: 'Failed',
};

/** Every tool call and confirmation of the assistant and of MCP clients, newest first (admins). */
export function AssistantActivity() {
  const log = useAssistantLog();
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <Card className="p-4 sm:p-6">
      <h3 className="text-base font-semibold">Assistant activity</h3>
      <p className="mt-1 text-sm text-muted-foreground">
        Each tool the assistant or a connected assistant used, and each proposal someone confirmed.
      </p>
      <div className="mt-4">
        {log.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading...
          </p>
        ) : log.isError ? (
          <LoadErrorAlert
            title="Could not load the assistant activity"
            error={log.error}
            onRetry={() => void log.refetch()}
          />
        ) : entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing yet.</p>
        ) : (
          <>
            <div className="overflow-x-auto">
              <table className="w-full min-w-[40rem] text-sm">
                <caption className="sr-only">Assistant activity</caption>
                <TableHead
                  className="border-b text-left"
                  cellClassName="py-1.5 pr-2"
                  headings={[
                    { label: 'When' },
                    { label: 'Who' },
                    { label: 'What' },
                    { label: 'Status' },
                    { label: 'Result' },
                  ]}
                />
                <tbody>
                  {entries.map((entry) => (
                    <tr key={entry.id} className="border-b align-top last:border-b-0">
                      <td className="py-1.5 pr-2 whitespace-nowrap">
                        {formatInstant(entry.createdAt)}
                      </td>
                      <td className="py-1.5 pr-2">
                        {entry.userName}
                        <span className="block text-xs text-muted-foreground">
                          {entry.via === 'mcp' ? 'Own assistant (MCP)' : 'Chat'}
                        </span>
                      </td>
                      <td className="py-1.5 pr-2">
                        {entry.kind === 'confirm' ? 'Confirmed ' : null}
                        <code>{entry.tool}</code>
                      </td>
                      <td
                        className={
                          entry.status === 'ok' || entry.status === 'confirmed'
                            ? 'py-1.5 pr-2'
                            : 'py-1.5 pr-2 text-destructive'
                        }
                      >
                        {STATUS_LABELS[entry.status]}
                      </td>
                      <td className="py-1.5 break-words">{entry.result}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {log.isFetchNextPageError ? (
              <p role="alert" className="mt-2 text-sm text-destructive">
                Could not load more. Try again.
              </p>
            ) : null}
            {log.hasNextPage ? (
              <Button
                variant="outline"
                size="sm"
                className="mt-3"
                disabled={log.isFetchingNextPage}
                onClick={() => void log.fetchNextPage()}
              >
                {log.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            ) : null}
          </>
        )}
      </div>
    </Card>
  );
}
