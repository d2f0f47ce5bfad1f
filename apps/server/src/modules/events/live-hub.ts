import type { Role } from '@crewdesk/domain';
import type { Database } from '../../db/client.ts';
import { mayOpen, type LiveNotice } from './dispatcher.ts';
import { LIVE_CHANNEL } from './events.repo.ts';

/** One open live connection: a signed-in member of one account. */
export interface LiveClient {
  accountId: string;
  userId: string;
  role: Role;
  send(notice: LiveNotice): void;
  /** Ends the connection (the server is stopping). */
  end(): void;
}

/**
 * This process's live connections, fed by the LIVE_CHANNEL notifications of every process on the
 * database. A client gets an event only if it may open the record (the audience the dispatcher
 * worked out with the screens' rules); what it gets is ids, never the record.
 */
export class LiveHub {
  private readonly byAccount = new Map<string, Set<LiveClient>>();
  private stopListening: (() => Promise<void>) | null = null;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    this.stopListening = await this.database.listen(LIVE_CHANNEL, (payload) => {
      try {
        this.deliver(JSON.parse(payload) as LiveNotice);
      } catch {
        // A payload this version cannot read is skipped: the client catches up on reconnect.
      }
    });
  }

  /** Stops listening and ends every connection: the browsers reconnect to another process. */
  async stop(): Promise<void> {
    await this.stopListening?.();
    for (const clients of this.byAccount.values()) for (const client of clients) client.end();
  }

  add(client: LiveClient): () => void {
    const clients = this.byAccount.get(client.accountId) ?? new Set<LiveClient>();
    clients.add(client);
    this.byAccount.set(client.accountId, clients);
    return () => {
      clients.delete(client);
      if (clients.size === 0) this.byAccount.delete(client.accountId);
    };
  }

  get size(): number {
    let n = 0;
    for (const clients of this.byAccount.values()) n += clients.size;
    return n;
  }

  deliver(notice: LiveNotice): void {
    const audience = { roles: notice.roles as Role[], userIds: notice.userIds };
    for (const client of this.byAccount.get(notice.accountId) ?? [])
      if (mayOpen(audience, client.userId, client.role)) client.send(notice);
  }
}
