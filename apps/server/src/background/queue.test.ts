import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { hourlyRunOptions, QUEUES, startJobQueue } from './queue.ts';

describe('the job queue after it has stopped', () => {
  it('when a worker still finishes or fails its jobs, then nothing is done and nothing throws', async () => {
    const database = await createTestDatabase();
    try {
      const queue = await startJobQueue(database);
      const id = await queue.send(QUEUES.sendMail, { messageId: 'm-1' });
      expect(id).toBeTruthy();
      await queue.stop({ graceful: false, wait: true });

      // A batch worker that was mid-batch at stop() records its outcomes afterwards.
      await expect(queue.fail(QUEUES.sendMail, id!, { message: 'late' })).resolves.toMatchObject({
        affected: 0,
      });
      await expect(queue.complete(QUEUES.sendMail, id!)).resolves.toMatchObject({ affected: 0 });
      await expect(queue.fetch(QUEUES.sendMail)).resolves.toEqual([]);
    } finally {
      await database.close();
    }
  });
});

describe('a run queued every hour by every server process', () => {
  it('when two processes queue the same hour, then one job is made; the next hour makes another', async () => {
    const database = await createTestDatabase();
    try {
      // Two queues on one database: two server processes.
      const first = await startJobQueue(database);
      const second = await startJobQueue(database);
      const hour = new Date('2026-11-24T10:05:00Z');
      const made = [
        await first.send(QUEUES.extendSeries, {}, hourlyRunOptions(QUEUES.extendSeries, hour)),
        await second.send(QUEUES.extendSeries, {}, hourlyRunOptions(QUEUES.extendSeries, hour)),
      ];
      expect(made.filter(Boolean)).toHaveLength(1);
      const { rows } = await database.executeSql(
        `SELECT count(*)::int AS jobs FROM pgboss.job WHERE name = $1`,
        [QUEUES.extendSeries],
      );
      expect(rows).toEqual([{ jobs: 1 }]);
      const nextHour = new Date('2026-11-24T11:05:00Z');
      expect(
        await first.send(QUEUES.extendSeries, {}, hourlyRunOptions(QUEUES.extendSeries, nextHour)),
      ).toBeTruthy();
      await first.stop({ graceful: false, wait: true });
      await second.stop({ graceful: false, wait: true });
    } finally {
      await database.close();
    }
  });
});
