/**
 * Reading a mongoexport file (issue 19, decision 041): JSON lines (one document a line, the
 * default) or one JSON array (`--jsonArray`), in MongoDB Extended JSON, canonical
 * (`{"$numberInt": "2"}`, `{"$date": {"$numberLong": "..."}}`) or relaxed (`2`, `{"$date": "2024-...Z"}`).
 * JSON lines are streamed a line at a time (constant memory, however big the file); an array is
 * parsed whole, so it is read only up to `maxArrayBytes`.
 */
import { createReadStream } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';

/** The file cannot be read as an export at all (missing permissions, an array too big or not JSON). */
export class UnreadableExport extends Error {}

export const defaultMaxArrayBytes = 64 * 1024 * 1024;

/** One document, or why a line of the file is not one; `where` is "line 12" or "item 12". */
export type ExportItem = { where: string; doc: Record<string, unknown> } | { where: string; problem: string };

/**
 * Extended JSON to plain values: ObjectIds become their hex (lower case), dates Date objects,
 * the typed numbers numbers. Anything else is kept as it is.
 */
export function decodeExtendedJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeExtendedJson);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  const [first] = entries;
  if (entries.length === 1 && first) {
    const [key, inner] = first;
    if (key === '$oid' && typeof inner === 'string') return inner.toLowerCase();
    if (key === '$date') return dateOf(inner);
    if ((key === '$numberInt' || key === '$numberLong' || key === '$numberDouble' || key === '$numberDecimal') && typeof inner === 'string') return Number(inner);
  }
  return Object.fromEntries(entries.map(([k, v]) => [k, decodeExtendedJson(v)]));
}

function dateOf(inner: unknown): Date | unknown {
  const ms = typeof inner === 'string' ? Date.parse(inner) : typeof inner === 'number' ? inner : (decodeExtendedJson(inner) as unknown);
  if (typeof ms === 'number' && Number.isFinite(ms)) return new Date(ms);
  return { $date: inner };
}

/** Whether the file holds one JSON array: its first character after spaces (and a byte order mark) is `[`. */
async function isArrayFile(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const head = buffer.subarray(0, bytesRead).toString('utf8').replace(/^\uFEFF/, '').trimStart();
    return head.startsWith('[');
  } finally {
    await handle.close();
  }
}

const asDocument = (where: string, value: unknown): ExportItem => {
  const decoded = decodeExtendedJson(value);
  if (decoded === null || typeof decoded !== 'object' || Array.isArray(decoded)) return { where, problem: 'not a document (an object was expected)' };
  return { where, doc: decoded as Record<string, unknown> };
};

/** Checks a file can be read before anything is written: it opens, and an array is small enough and JSON. */
export async function checkExport(file: string, maxArrayBytes = defaultMaxArrayBytes): Promise<'lines' | 'array'> {
  try {
    if (!(await isArrayFile(file))) return 'lines';
  } catch (e) {
    throw new UnreadableExport(`${file} cannot be read: ${e instanceof Error ? e.message : String(e)}`);
  }
  const { size } = await stat(file);
  if (size > maxArrayBytes) {
    throw new UnreadableExport(
      `${file} is a JSON array of ${(size / 1048576).toFixed(1)} MB: arrays are read whole, so at most ${Math.round(maxArrayBytes / 1048576)} MB. Export it as JSON lines (mongoexport without --jsonArray), which is read a line at a time.`,
    );
  }
  try {
    JSON.parse(await readFile(file, 'utf8'));
  } catch (e) {
    throw new UnreadableExport(`${file} starts with [ but is not a JSON array: ${e instanceof Error ? e.message : String(e)}`);
  }
  return 'array';
}

/** The documents of one export file, in file order. Call checkExport first. */
export async function* readExport(file: string, maxArrayBytes = defaultMaxArrayBytes): AsyncGenerator<ExportItem> {
  if ((await checkExport(file, maxArrayBytes)) === 'array') {
    const items = JSON.parse((await readFile(file, 'utf8')).replace(/^\uFEFF/, '')) as unknown;
    if (!Array.isArray(items)) throw new UnreadableExport(`${file} is not a JSON array`);
    for (const [i, item] of items.entries()) yield asDocument(`item ${i + 1}`, item);
    return;
  }
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let n = 0;
  for await (const raw of lines) {
    n += 1;
    const line = (n === 1 ? raw.replace(/^\uFEFF/, '') : raw).trim();
    if (!line) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      yield { where: `line ${n}`, problem: 'not JSON' };
      continue;
    }
    yield asDocument(`line ${n}`, value);
  }
}
