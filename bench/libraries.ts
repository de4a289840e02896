/**
 * Issue 32, decision 053: two home-made pieces against the well-kept library that does the same.
 *
 *   (1) src/platform/bounded-map.ts against lru-cache (`max` + `maxSize`), under the same caps: set
 *       and get throughput, and the heap a full map holds.
 *   (2) signS3Request (src/platform/image-store/s3-image-store.ts) against aws4fetch's AwsV4Signer:
 *       the same signatures on the S3 API reference's examples (the ones the signer's tests use),
 *       and signing speed.
 *
 * Neither library is a dependency of the shop: install them anywhere and name that node_modules:
 *
 *   npm install --prefix /tmp/libs lru-cache@11 aws4fetch@1
 *   node --expose-gc --import tsx bench/libraries.ts --lib /tmp/libs/node_modules [--rounds 5]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createBoundedMap, entryOverheadBytes, textBytes } from '../src/platform/bounded-map.js';
import { signS3Request } from '../src/platform/image-store/s3-image-store.js';
import { median, round } from './lib/proc.js';

const { values: opts } = parseArgs({ options: { lib: { type: 'string' }, rounds: { type: 'string', default: '5' } } });
if (!opts.lib) {
  console.error('usage: node --expose-gc --import tsx bench/libraries.ts --lib <node_modules holding lru-cache and aws4fetch> [--rounds N]');
  process.exit(2);
}
const libDir = opts.lib;
const rounds = Math.max(1, Number(opts.rounds));

/** A package's ESM entry, from its package.json (`exports["."].import`, else `module`). */
async function load<T>(name: string): Promise<T> {
  const pkg = JSON.parse(readFileSync(join(libDir, name, 'package.json'), 'utf8')) as {
    version: string;
    module?: string;
    exports?: { '.'?: { import?: string | { default?: string } } };
  };
  const imp = pkg.exports?.['.']?.import;
  const entry = (typeof imp === 'string' ? imp : imp?.default) ?? pkg.module;
  if (!entry) throw new Error(`no ESM entry in ${name}`);
  console.log(`${name} ${pkg.version} (${entry})`);
  return (await import(pathToFileURL(join(libDir, name, entry)).href)) as T;
}

// Only what is used here of each library's API.
type LruCache<V> = { get(key: string): V | undefined; set(key: string, value: V, options?: { size?: number }): unknown; readonly size: number; readonly calculatedSize: number };
type LruCacheModule = { LRUCache: new <V>(options: { max: number; maxSize: number }) => LruCache<V> };
type Signer = { sign(): Promise<{ headers: Headers }> };
type Aws4FetchModule = {
  AwsV4Signer: new (options: {
    method: string;
    url: string;
    headers: Record<string, string>;
    accessKeyId: string;
    secretAccessKey: string;
    service: string;
    region: string;
    datetime: string;
  }) => Signer;
};

const { LRUCache } = await load<LruCacheModule>('lru-cache');
const { AwsV4Signer } = await load<Aws4FetchModule>('aws4fetch');
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) console.log('(run with --expose-gc for the heap figures)');

// ---------------------------------------------------------------------------------------------
// (1) The bounded map: the response cache's caps (decision 013), keys and values of a cached answer's size

type Store = { get(key: string): unknown; set(key: string, value: unknown, bytes: number): void; size(): number };
const maxEntries = 10_000;
const maxBytes = 16 * 1024 * 1024;
const stores: Record<string, () => Store> = {
  'bounded-map': () => {
    const m = createBoundedMap<unknown>({ maxEntries, maxBytes });
    return { get: (k) => m.get(k), set: (k, v, b) => void m.set(k, v, b), size: () => m.size };
  },
  'lru-cache': () => {
    const m = new LRUCache<object>({ max: maxEntries, maxSize: maxBytes });
    // The same cost as the bounded map counts: the caller's bytes plus its per-entry overhead.
    return { get: (k) => m.get(k), set: (k, v, b) => void m.set(k, v as object, { size: b + entryOverheadBytes }), size: () => m.size };
  },
};

const keys = Array.from({ length: 200_000 }, (_, i) => `GET /api/products?limit=24&offset=${i}&encoding=gzip`);
// A value stands for a cached answer: a small object holding a body (not allocated per set, so the
// figures are the map's own work).
const body = 'x'.repeat(1200);
const values = keys.map((k) => ({ key: k, body, headers: ['content-type', 'application/json'] }));
const bytesOf = (i: number) => textBytes(keys[i]!) + textBytes(body) + 200;

function opsPerSecond(work: () => number): number {
  const started = process.hrtime.bigint();
  const ops = work();
  return ops / (Number(process.hrtime.bigint() - started) / 1e9);
}

const mapRuns: Record<string, { setEvicting: number[]; getHit: number[]; mixed: number[]; emptyHeapMB: number[]; heapMB: number[]; kept: number[] }> = {};
for (let round = 0; round < rounds; round++) {
  for (const [name, make] of Object.entries(stores)) {
    const r = (mapRuns[name] ??= { setEvicting: [], getHit: [], mixed: [], emptyHeapMB: [], heapMB: [], kept: [] });
    gc?.();
    const before = process.memoryUsage().heapUsed;
    const store = make();
    // lru-cache allocates its index arrays for `max` entries up front.
    gc?.();
    r.emptyHeapMB.push((process.memoryUsage().heapUsed - before) / 2 ** 20);
    // Fill to the caps (10,000 entries of ~2.7 KB pass the 16 MB cap first), then measure the heap it holds.
    for (let i = 0; i < maxEntries; i++) store.set(keys[i]!, values[i], bytesOf(i));
    gc?.();
    r.heapMB.push((process.memoryUsage().heapUsed - before) / 2 ** 20);
    r.kept.push(store.size());
    // Distinct keys, every set evicting (a flood of new keys).
    r.setEvicting.push(opsPerSecond(() => {
      for (let i = maxEntries; i < keys.length; i++) store.set(keys[i]!, values[i], bytesOf(i));
      return keys.length - maxEntries;
    }));
    // Hits on the keys kept (the last ones set), in a scattered order.
    const kept = store.size();
    r.getHit.push(opsPerSecond(() => {
      let hits = 0;
      for (let n = 0; n < 1_000_000; n++) if (store.get(keys[keys.length - 1 - ((n * 7919) % kept)]!) !== undefined) hits++;
      if (hits !== 1_000_000) throw new Error(`${name}: ${hits} hits of 1,000,000`);
      return 1_000_000;
    }));
    // 9 gets to 1 set of a new key, as a cache under honest traffic with some churn.
    r.mixed.push(opsPerSecond(() => {
      let next = 0;
      for (let n = 0; n < 1_000_000; n++) {
        if (n % 10 === 9) {
          const i = next++ % keys.length;
          store.set(keys[i]!, values[i], bytesOf(i));
        } else store.get(keys[keys.length - 1 - ((n * 7919) % kept)]!);
      }
      return 1_000_000;
    }));
  }
}
console.log(`\n(1) bounded map, caps ${maxEntries} entries and ${maxBytes / 2 ** 20} MB, median of ${rounds} rounds (alternating)`);
console.log('store        kept   set (evicting) /s   get (hit) /s   9 get + 1 set /s   heap empty MB   heap full MB');
for (const [name, r] of Object.entries(mapRuns)) {
  console.log(
    `${name.padEnd(11)} ${String(median(r.kept)).padStart(5)}   ${String(Math.round(median(r.setEvicting))).padStart(17)}   ${String(Math.round(median(r.getHit))).padStart(12)}   ${String(Math.round(median(r.mixed))).padStart(16)}   ${String(gc ? round(median(r.emptyHeapMB), 2) : '-').padStart(13)}   ${gc ? round(median(r.heapMB), 2) : '-'}`,
  );
}

// ---------------------------------------------------------------------------------------------
// (2) SigV4: the S3 API reference's examples, then speed

const s3Docs = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' };
const emptySha256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const examples: Array<{ name: string; method: string; url: string; headers: Record<string, string>; payloadSha256: string; signature: string }> = [
  {
    name: 'GET Object',
    method: 'GET',
    url: 'https://examplebucket.s3.amazonaws.com/test.txt',
    headers: { Range: 'bytes=0-9' },
    payloadSha256: emptySha256,
    signature: 'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
  },
  {
    name: 'PUT Object',
    method: 'PUT',
    url: 'https://examplebucket.s3.amazonaws.com/test$file.text',
    headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
    payloadSha256: '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072',
    signature: '98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
  },
];
const at = new Date('2013-05-24T00:00:00Z');
const signatureOf = (authorization: string | null | undefined) => /Signature=([0-9a-f]{64})/.exec(authorization ?? '')?.[1];
const homeMade = (e: (typeof examples)[number]) => signS3Request({ method: e.method, url: new URL(e.url), headers: e.headers, payloadSha256: e.payloadSha256 }, s3Docs, at).authorization;
const library = async (e: (typeof examples)[number]) =>
  (
    await new AwsV4Signer({
      method: e.method,
      url: e.url,
      // aws4fetch signs the payload hash it is given in this header (it never reads a body for S3).
      headers: { ...e.headers, 'x-amz-content-sha256': e.payloadSha256 },
      accessKeyId: s3Docs.accessKeyId,
      secretAccessKey: s3Docs.secretAccessKey,
      service: 's3',
      region: s3Docs.region,
      datetime: '20130524T000000Z',
    }).sign()
  ).headers.get('authorization');

console.log('\n(2) SigV4 on the S3 API reference examples');
for (const e of examples) {
  const ours = signatureOf(homeMade(e));
  const theirs = signatureOf(await library(e));
  console.log(`${e.name.padEnd(11)} home-made ${ours === e.signature ? 'matches' : `DIFFERS (${ours})`}   aws4fetch ${theirs === e.signature ? 'matches' : `DIFFERS (${theirs})`}`);
}
const signRuns: Record<string, number[]> = { 'home-made': [], aws4fetch: [] };
const put = examples[1]!;
for (let round = 0; round < rounds; round++) {
  let started = process.hrtime.bigint();
  for (let n = 0; n < 20_000; n++) homeMade(put);
  signRuns['home-made']!.push(Number(process.hrtime.bigint() - started) / 1e3 / 20_000);
  started = process.hrtime.bigint();
  for (let n = 0; n < 20_000; n++) await library(put);
  signRuns.aws4fetch!.push(Number(process.hrtime.bigint() - started) / 1e3 / 20_000);
}
console.log(`signing one PUT, median of ${rounds} rounds of 20,000: ${Object.entries(signRuns).map(([k, v]) => `${k} ${round(median(v), 2)} us`).join(', ')}`);
