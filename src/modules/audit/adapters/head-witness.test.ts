import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHeadWitness, isInside, parseWitness, readWitnessFile } from './head-witness.js';

let dir: string;
beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), 'head-witness-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const hash = (n: number) => n.toString(16).padStart(64, '0');

describe('the head witness file', () => {
  it('is read as its highest head: lines out of order and a torn last line change nothing', () => {
    const text = `3:${hash(3)} 2026-11-28T00:00:03.000Z\n5:${hash(5)} 2026-11-28T00:00:05.000Z\n4:${hash(4)} 2026-11-28T00:00:04.000Z\n6:${hash(6).slice(0, 20)}`;
    expect(parseWitness(text)).toMatchObject({ eventCount: 5, lastHash: hash(5), at: '2026-11-28T00:00:05.000Z' });
    expect(parseWitness('')).toBeNull();
    expect(readWitnessFile(join(dir, 'absent'))).toBeNull();
  });

  it('two writers on one file (two processes of a PostgreSQL shop) keep every head and stay bounded', async () => {
    const path = join(dir, 'head.witness');
    const a = createHeadWitness(path, { maxBytes: 400 });
    const b = createHeadWitness(path, { maxBytes: 400 });
    let sizeSeen = 0;
    for (let n = 1; n <= 60; n += 2) {
      await Promise.all([a.record({ eventCount: n, lastHash: hash(n) }), b.record({ eventCount: n + 1, lastHash: hash(n + 1) })]);
      sizeSeen = Math.max(sizeSeen, statSync(path).size);
      // Never behind what both wrote but one line (two compactions at once may drop one), never ahead.
      expect([n, n + 1]).toContain(readWitnessFile(path)?.eventCount);
    }
    await a.record({ eventCount: 61, lastHash: hash(61) });
    expect(readWitnessFile(path)).toMatchObject({ eventCount: 61, lastHash: hash(61) });
    expect(sizeSeen).toBeLessThan(400 + 2 * 100);
    expect(a.stats().compactions + b.stats().compactions).toBeGreaterThan(0);
    expect(readdirSync(dir)).toEqual(['head.witness']);
    for (const line of readFileSync(path, 'utf8').split('\n').filter(Boolean)) expect(line).toMatch(/^\d+:[0-9a-f]{64} \S+$/);
  });

  it('writes nothing for a head it already wrote, and coalesces heads asked for during a write', async () => {
    const path = join(dir, 'head.witness');
    const w = createHeadWitness(path);
    await w.record({ eventCount: 1, lastHash: hash(1) });
    await w.record({ eventCount: 1, lastHash: hash(1) });
    expect(w.stats().appends).toBe(1);
    await Promise.all([2, 3, 4, 5].map((n) => w.record({ eventCount: n, lastHash: hash(n) })));
    expect(w.stats().appends).toBeLessThanOrEqual(3); // 2 first, then 5 for those that waited
    expect(readWitnessFile(path)?.eventCount).toBe(5);
  });

  it('knows a path inside DATA_DIR, through a folder that does not exist yet', () => {
    writeFileSync(join(dir, 'x'), '');
    expect(isInside(join(dir, 'a', 'b', 'head.witness'), dir)).toBe(true);
    expect(isInside(dir, dir)).toBe(true);
    expect(isInside(join(dir, '..', 'elsewhere', 'head.witness'), dir)).toBe(false);
  });
});
