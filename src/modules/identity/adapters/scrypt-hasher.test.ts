import { describe, expect, it } from 'vitest';
import { createScryptHasher, oneAtATime } from './scrypt-hasher.js';

describe('scrypt hasher', () => {
  it('runs one hash at a time, in arrival order, whatever the burst', async () => {
    const queue = oneAtATime(1);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        queue(async () => {
          running += 1;
          most = Math.max(most, running);
          await new Promise((r) => setImmediate(r));
          order.push(i);
          running -= 1;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(order).toEqual([...Array(20).keys()]);
  });

  it('goes on after a task fails', async () => {
    const queue = oneAtATime(1);
    await expect(queue(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(queue(async () => 7)).resolves.toBe(7);
  });

  it('still hashes and verifies through the queue', async () => {
    const hasher = createScryptHasher({ N: 1024, r: 8, p: 1 });
    const [a, b] = await Promise.all([hasher.hash('Sakura#2026'), hasher.hash('Other#2026')]);
    expect(await hasher.verify('Sakura#2026', a)).toBe(true);
    expect(await hasher.verify('Sakura#2026', b)).toBe(false);
  });
});
