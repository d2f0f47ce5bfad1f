import {
  channelEnabled,
  mapMemberRole,
  NOTIFICATION_RULES,
  notificationKindOf,
  notificationPath,
  notificationTitle,
  recipientsOf,
  SUBJECT_AUDIENCE,
  type LedgerSubject,
  type NotificationKind,
  type Recipient,
  type RequestCategory,
  type Role,
} from '@crewdesk/domain';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { QUEUES, type JobQueue } from '../../background/queue.ts';
import type { TextMessenger } from '../sms/index.ts';
import type { PushMessage } from './push.service.ts';
import * as repo from './events.repo.ts';
import * as subjects from './notification-subjects.repo.ts';
import { deliveriesForEvent, queueDeliveries } from './webhooks.service.ts';

/** Events dispatched per transaction; a longer backlog is taken in several. */
const DISPATCH_BATCH = 100;
/** A burst joins an unread notification of its kind this recent. */
const BURST_WINDOW_MS = 10 * 60 * 1000;
/**
 * How often each process looks for events nobody dispatched (a wake-up lost while the
 * listening connection was down, a process stopped mid-dispatch).
 */
const SWEEP_MS = 30_000;

/** What the live channel carries of a dispatched event: ids and who may see it. */
export interface LiveNotice {
  accountId: string;
  seq: number;
  type: string;
  subject: LedgerSubject;
  subjectId: string;
  at: string;
  roles: string[];
  userIds: string[];
  /** The people who got a notification from it: their bell refreshes. */
  notified: string[];
}

/**
 * A module that reacts to ledger events (the sales pipeline moving its cards): it runs inside the
 * dispatch's transaction, before the event is marked dispatched, so what it writes commits
 * exactly when the event counts as dispatched — once. It runs in a savepoint: a failure is logged
 * and undoes only its own writes, never the dispatch of the event.
 */
export interface LedgerConsumer {
  name: string;
  /** The ledger types it wants; others never reach it. */
  accepts: (type: string) => boolean;
  /** May return e-mails it stored in `tx` (the outbox): they are queued once the dispatch commits. */
  consume: (tx: Tx, event: repo.LedgerRow, now: Date) => Promise<void | { mailIds?: string[] }>;
}

interface Audience {
  roles: readonly Role[];
  userIds: readonly string[];
}

/** A notification to e-mail once the dispatch commits. */
interface EmailDue {
  accountId: string;
  userId: string;
  kind: NotificationKind;
}

/** What leaves the dispatch once it commits (never before: a rolled-back dispatch tells nobody). */
interface Outgoing {
  emails: EmailDue[];
  texts: { to: string; body: string }[];
  webhooks: string[];
  pushes: PushMessage[];
  /** Outbox messages a consumer stored. */
  mails: string[];
}

/**
 * Reads the ledger and does what each event asks for: who may see it (for the live channel),
 * who is told (notifications, e-mail), then marks it dispatched — all in one transaction per
 * batch, so an event is dispatched exactly once whichever process takes it, and a failure
 * leaves it for the next attempt without touching the change that wrote it.
 */
export class EventDispatcher {
  private running: Promise<void> | null = null;
  private again = false;
  private stopListening: (() => Promise<void>) | null = null;
  private sweep: NodeJS.Timeout | null = null;
  /** The current batch's reads of each business (members, notification defaults). */
  private readonly perAccount = new Map<
    string,
    Promise<{ members: repo.Member[]; accountDefaults: Map<string, boolean> }>
  >();

  constructor(
    private readonly deps: {
      database: Database;
      /** Null in a command-line script: notifications are written, nothing is sent. */
      jobs: JobQueue | null;
      log: FastifyBaseLogger;
      now: () => Date;
      burstSeconds: number;
      /** Text messages, for those who chose them (and only where a gateway is configured). */
      texter: TextMessenger;
      /** Whether Web Push is configured (VAPID keys): only then is the push channel used. */
      pushEnabled?: boolean;
      /** Modules that act on events (decision 031), in this order. */
      consumers?: readonly LedgerConsumer[];
    },
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.deps.database.listen(repo.LEDGER_CHANNEL, () => this.wake());
    this.sweep = setInterval(() => this.wake(), SWEEP_MS);
    this.sweep.unref();
    this.wake();
  }

  async stop(): Promise<void> {
    if (this.sweep) clearInterval(this.sweep);
    await this.stopListening?.();
    await this.running;
  }

  /** Dispatches now, or once more after the dispatch under way (wake-ups never pile up). */
  wake(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'event dispatch failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Resolves when everything written so far has been dispatched (tests and scripts). */
  async idle(): Promise<void> {
    this.wake();
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    for (;;) {
      const out: Outgoing = { emails: [], texts: [], webhooks: [], pushes: [], mails: [] };
      // A batch is mostly one business's events: its members and defaults are read once.
      this.perAccount.clear();
      const taken = await this.deps.database.db.transaction(async (tx) => {
        const events = await repo.lockUndispatched(tx, DISPATCH_BATCH);
        for (const event of events) await this.dispatch(tx, event, out);
        return events.length;
      });
      const { jobs } = this.deps;
      if (jobs) {
        await this.queueEmails(jobs, out.emails);
        await queueDeliveries(jobs, out.webhooks);
        for (const push of out.pushes) await jobs.send(QUEUES.sendPush, push);
        for (const messageId of out.mails)
          await jobs.send(QUEUES.sendMail, { messageId }, { singletonKey: messageId });
      }
      for (const text of out.texts)
        await this.deps.texter.send({ kind: 'notification', to: text.to, body: text.body });
      if (taken < DISPATCH_BATCH) return;
    }
  }

  private async dispatch(tx: Tx, event: repo.LedgerRow, out: Outgoing): Promise<void> {
    const subject = event.subject as LedgerSubject;
    await this.consume(tx, event, out);
    const audience = await this.audienceOf(tx, event, subject);
    const notified = await this.notify(tx, event, subject, audience, out);
    out.webhooks.push(...(await deliveriesForEvent(tx, event)));
    const now = this.deps.now();
    await repo.markDispatched(tx, event, audience, now);
    const notice: LiveNotice = {
      accountId: event.accountId,
      seq: event.seq,
      type: event.type,
      subject,
      subjectId: event.subjectId,
      at: event.createdAt.toISOString(),
      roles: [...audience.roles],
      userIds: [...audience.userIds],
      notified,
    };
    // Sent on commit, to every process's live clients (this one's too).
    await tx.execute(sql`select pg_notify(${repo.LIVE_CHANNEL}, ${JSON.stringify(notice)})`);
  }

  private async consume(tx: Tx, event: repo.LedgerRow, out: Outgoing): Promise<void> {
    for (const consumer of this.deps.consumers ?? []) {
      if (!consumer.accepts(event.type)) continue;
      try {
        const done = await tx.transaction((savepoint) =>
          consumer.consume(savepoint, event, this.deps.now()),
        );
        if (done?.mailIds) out.mails.push(...done.mailIds);
      } catch (error) {
        this.deps.log.error(
          { err: error, consumer: consumer.name, seq: event.seq, type: event.type },
          'ledger consumer failed',
        );
      }
    }
  }

  /** Who may open the record: the screens' rule for its subject, with a visit's assignees. */
  private async audienceOf(tx: Tx, event: repo.LedgerRow, subject: LedgerSubject) {
    const rule = SUBJECT_AUDIENCE[subject];
    const userIds = rule.assignees
      ? await repo.assigneeUserIds(tx, event.accountId, event.subjectId)
      : rule.employee
        ? await this.employeeUserIds(tx, event)
        : rule.owner
          ? await repo.opportunityOwnerUserIds(tx, event.accountId, event.subjectId)
          : [];
    return { roles: rule.roles, userIds } satisfies Audience;
  }

  /** The logins of the team member a time event names and of their crew leader. */
  private async employeeUserIds(tx: Tx, event: repo.LedgerRow): Promise<string[]> {
    const employeeId = event.payload.employeeId;
    if (typeof employeeId !== 'string') return [];
    return repo.usersOfEmployeeAndCrewLeader(tx, event.accountId, employeeId);
  }

  private async notify(
    tx: Tx,
    event: repo.LedgerRow,
    subject: LedgerSubject,
    audience: Audience,
    out: Outgoing,
  ): Promise<string[]> {
    const kind = notificationKindOf(event.type, event.payload);
    if (!kind) return [];
    const { members, accountDefaults } = await this.accountOf(tx, event.accountId);
    const chosen = new Set<string>();
    const recipientsRule = recipientsOf(kind, event.type);
    for (const recipient of recipientsRule)
      for (const userId of await this.recipientIds(tx, event, recipient, members))
        chosen.add(userId);
    // Nobody is told of their own change, nor of a record they may not open. A member taken
    // off a visit is told although they no longer see it: they held it until now.
    const removedAssignee = recipientsRule.some((r) => r.kind === 'assignee_removed');
    const recipients = members.filter(
      (m) =>
        chosen.has(m.userId) &&
        m.userId !== event.actorUserId &&
        (removedAssignee || mayOpen(audience, m.userId, mapMemberRole(m.role))),
    );
    if (recipients.length === 0) return [];
    const name = (await subjects.subjectName(tx, event.accountId, subject, event.subjectId)) ?? '';
    const noun =
      subject === 'request'
        ? await subjects.requestNoun(tx, event.accountId, event.subjectId)
        : undefined;
    const choices = await repo.preferencesOf(
      tx,
      event.accountId,
      recipients.map((r) => r.userId),
    );
    const digest = await repo.digestUsers(
      tx,
      event.accountId,
      recipients.map((r) => r.userId),
    );
    const told: string[] = [];
    for (const member of recipients) {
      const mine = choices.get(member.userId) ?? new Map<string, boolean>();
      if (!channelEnabled(kind, 'in_app', mine, accountDefaults)) continue;
      const title = await this.upsertNotification(tx, event, subject, kind, {
        name,
        noun,
        userId: member.userId,
      });
      told.push(member.userId);
      if (channelEnabled(kind, 'email', mine, accountDefaults) && !digest.has(member.userId))
        out.emails.push({ accountId: event.accountId, userId: member.userId, kind });
      if (member.phoneNumber && channelEnabled(kind, 'sms', mine, accountDefaults))
        out.texts.push({ to: member.phoneNumber, body: title });
      if (this.deps.pushEnabled && channelEnabled(kind, 'push', mine, accountDefaults))
        out.pushes.push({
          accountId: event.accountId,
          userId: member.userId,
          title,
          body: NOTIFICATION_RULES[kind].reason,
          path: notificationPath(subject, event.subjectId),
        });
    }
    return told;
  }

  private accountOf(tx: Tx, accountId: string) {
    let read = this.perAccount.get(accountId);
    if (!read) {
      read = (async () => ({
        members: await repo.activeMembers(tx, accountId),
        accountDefaults: await repo.accountDefaultsOf(tx, accountId),
      }))();
      this.perAccount.set(accountId, read);
    }
    return read;
  }

  private async recipientIds(
    tx: Tx,
    event: repo.LedgerRow,
    recipient: Recipient,
    members: readonly repo.Member[],
  ): Promise<string[]> {
    switch (recipient.kind) {
      case 'roles':
        return members
          .filter((m) => recipient.roles.includes(mapMemberRole(m.role)))
          .map((m) => m.userId);
      case 'assignees':
        return repo.assigneeUserIds(tx, event.accountId, event.subjectId);
      case 'employee':
        return this.employeeUserIds(tx, event);
      case 'opportunity_owner':
        return repo.opportunityOwnerUserIds(tx, event.accountId, event.subjectId);
      case 'assignee_added':
      case 'assignee_removed': {
        const employeeId = event.payload[recipient.kind === 'assignee_added' ? 'to' : 'from'];
        if (typeof employeeId !== 'string') return [];
        const userId = await repo.userOfEmployee(tx, event.accountId, employeeId);
        return userId ? [userId] : [];
      }
    }
  }

  /** One notification per person, or the unread one of a burst counting one more. */
  private async upsertNotification(
    tx: Tx,
    event: repo.LedgerRow,
    subject: LedgerSubject,
    kind: NotificationKind,
    words: { name: string; noun: RequestCategory | undefined; userId: string },
  ): Promise<string> {
    const { name, noun, userId } = words;
    const now = this.deps.now();
    const burst = NOTIFICATION_RULES[kind].collapses
      ? await repo.lockRecentUnread(
          tx,
          event.accountId,
          userId,
          kind,
          new Date(now.getTime() - BURST_WINDOW_MS),
        )
      : undefined;
    if (burst && burst.subjectId !== event.subjectId) {
      const count = burst.count + 1;
      const title = notificationTitle(kind, count, name, noun);
      await repo.updateNotification(tx, burst, {
        count,
        title,
        subjectId: event.subjectId,
        eventSeq: event.seq,
        updatedAt: now,
        // The burst's e-mail (if one went) told of fewer: the next one tells the new count.
        emailedAt: null,
      });
      return title;
    }
    if (burst) {
      // The same record again (viewed twice): the notification moves up, still one.
      await repo.updateNotification(tx, burst, { eventSeq: event.seq, updatedAt: now });
      return burst.title;
    }
    const title = notificationTitle(kind, 1, name, noun);
    await repo.insertNotification(tx, {
      accountId: event.accountId,
      userId,
      kind,
      subject,
      subjectId: event.subjectId,
      eventSeq: event.seq,
      title,
      createdAt: now,
      updatedAt: now,
    });
    return title;
  }

  /**
   * One e-mail job per person and kind, started after the burst window: the job sends one
   * message for whatever of that kind is still untold by then.
   */
  private async queueEmails(jobs: JobQueue, emails: readonly EmailDue[]): Promise<void> {
    const { burstSeconds } = this.deps;
    const seen = new Set<string>();
    for (const email of emails) {
      const key = `${email.accountId}:${email.userId}:${email.kind}`;
      if (seen.has(key)) continue;
      seen.add(key);
      await jobs.send(QUEUES.notifyEmail, email, {
        ...(burstSeconds > 0
          ? {
              startAfter: burstSeconds,
              singletonKey: key,
              singletonSeconds: burstSeconds,
            }
          : {}),
      });
    }
  }
}

export function mayOpen(audience: Audience, userId: string, role: Role): boolean {
  return audience.roles.includes(role) || audience.userIds.includes(userId);
}
