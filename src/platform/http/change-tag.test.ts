import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChangeTag, createSharedChangeTag } from './change-tag.js';

/** A version read the test answers by hand, in any order. */
function manualReads() {
  const pending: Array<{ resolve: (v: number) => void; reject: (e: Error) => void }> = [];
  return {
    read: () => new Promise<number>((resolve, reject) => pending.push({ resolve, reject })),
    pending,
    async answer(i: number, version: number) {
      pending[i]?.resolve(version);
      await Promise.resolve();
      await Promise.resolve();
    },
  };
}

describe('createChangeTag (one process)', () => {
  it('changes with every bump and differs between starts', () => {
    const a = createChangeTag();
    const b = createChangeTag();
    const first = a.current();
    expect(first).toMatch(/^W\/"[0-9a-f]{8}-0"$/);
    expect(b.current()).not.toBe(first);
    a.bump();
    expect(a.current()).not.toBe(first);
  });
});

describe('createSharedChangeTag (several processes)', () => {
  afterEach(() => vi.useRealTimers());

  it('tags the version read, the same text in every process, and polls it every pollMs', async () => {
    vi.useFakeTimers();
    let version = 7;
    const [a, b] = [1, 2].map(() => createSharedChangeTag({ read: async () => version, pollMs: 1_000 }));
    await Promise.all([a?.ready, b?.ready]);
    expect(a?.current()).toBe('W/"7"');
    expect(b?.current()).toBe('W/"7"');
    version = 8;
    await vi.advanceTimersByTimeAsync(999);
    expect(a?.current()).toBe('W/"7"');
    await vi.advanceTimersByTimeAsync(1);
    expect(a?.current()).toBe('W/"8"');
    a?.stop();
    b?.stop();
    version = 9;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(a?.current()).toBe('W/"8"');
  });

  it('bump changes the tag at once to a local one, then to the shared version its own read brings', async () => {
    const reads = manualReads();
    const tag = createSharedChangeTag({ read: reads.read, pollMs: 60_000 });
    await reads.answer(0, 1);
    await tag.ready;
    expect(tag.current()).toBe('W/"1"');
    tag.bump();
    const local = tag.current();
    expect(local).not.toBe('W/"1"');
    expect(local).not.toBe('W/"2"');
    await reads.answer(1, 2);
    expect(tag.current()).toBe('W/"2"');
    tag.stop();
  });

  it('ignores an answer from a read older than the last bump', async () => {
    const reads = manualReads();
    const tag = createSharedChangeTag({ read: reads.read, pollMs: 60_000 });
    // The first read is still out when the process writes and bumps.
    tag.bump();
    const local = tag.current();
    await reads.answer(0, 1); // the old read answers the version from before the write
    expect(tag.current()).toBe(local);
    await reads.answer(1, 2); // the bump's read
    expect(tag.current()).toBe('W/"2"');
    tag.stop();
  });

  it('bump with the version its own write committed: that version\'s tag at once, and an older read does not take it back', async () => {
    const reads = manualReads();
    const tag = createSharedChangeTag({ read: reads.read, pollMs: 60_000 });
    await reads.answer(0, 1);
    expect(tag.current()).toBe('W/"1"');
    tag.bump(5);
    expect(tag.current()).toBe('W/"5"');
    expect(reads.pending).toHaveLength(1); // no read of its own: the version is known
    tag.stop();
  });

  it('keeps the last tag while reads fail, and tells onError once per run of failures', async () => {
    vi.useFakeTimers();
    let fail = false;
    const errors: unknown[] = [];
    const tag = createSharedChangeTag({
      read: async () => {
        if (fail) throw new Error('database away');
        return 3;
      },
      pollMs: 1_000,
      onError: (e) => errors.push(e),
    });
    await tag.ready;
    fail = true;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(tag.current()).toBe('W/"3"');
    expect(errors).toHaveLength(1);
    fail = false;
    await vi.advanceTimersByTimeAsync(1_000);
    fail = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(errors).toHaveLength(2);
    tag.stop();
  });
});
