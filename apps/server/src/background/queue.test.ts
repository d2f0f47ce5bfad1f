import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { QUEUES, startJobQueue } from './queue.ts';

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
