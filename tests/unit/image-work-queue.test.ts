import { describe, expect, it } from 'vitest';

import { imageWork, WorkQueue } from '#app/services/media/image-work-queue.server.ts';
import { MediaInputError } from '#app/services/media/media-input-error.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('image work queue', () => {
  it('runs at most `concurrency` jobs at once, in arrival order, and refuses beyond the waiting room', async () => {
    const queue = new WorkQueue(2, 3);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const releases: Array<() => void> = [];
    const job = (index: number) => () =>
      new Promise<number>((resolve) => {
        running++;
        peak = Math.max(peak, running);
        order.push(index);
        releases.push(() => {
          running--;
          resolve(index);
        });
      });
    const accepted = [0, 1, 2, 3, 4].map((index) => queue.run(job(index)));
    await tick();
    expect(queue.active).toBe(2);
    expect(queue.queued).toBe(3);
    // The sixth request finds two running and three waiting: it is refused at once with a clear message.
    const refused = await queue.run(job(5)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MediaInputError);
    expect(refused).toMatchObject({ status: 503, message: 'The server is busy processing other images. Try again in a minute.' });
    while (order.length < 5 || releases.length) {
      releases.shift()?.();
      await tick();
    }
    expect(await Promise.all(accepted)).toEqual([0, 1, 2, 3, 4]);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
    expect(queue.active).toBe(0);
  });

  it('frees the slot of a job that fails', async () => {
    const queue = new WorkQueue(1, 1);
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(async () => 'next')).toBe('next');
    expect(queue.active).toBe(0);
  });

  it('bounds every upload of the process to a small concurrency', () => {
    expect(imageWork.concurrency).toBeLessThanOrEqual(2);
    expect(imageWork.maxWaiting).toBeLessThanOrEqual(32);
  });
});
