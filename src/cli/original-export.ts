/**
 * Reading a mongoexport file (issue 19, decision 041): JSON lines (one document a line, the
 * default) or one JSON array (`--jsonArray`), in MongoDB Extended JSON, canonical
 * (`{"$numberInt": "2"}`, `{"$date": {"$numberLong": "..."}}`) or relaxed (`2`, `{"$date": "2024-...Z"}`).
 *
 * A stranger's file (issue 40): both forms are streamed, a document at a time, in constant memory
 * whatever the file holds. A document's bytes are kept only up to `maxDocumentBytes`: a longer one
 * (a 200,000-line order) is skipped to its end without being kept or parsed, and reported. Its
 * nesting is bounded too (`maxDepth`), so no document can exhaust the stack.
 */
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';

/** The file cannot be read as an export at all (missing permissions, too big, or a broken array). */
export class UnreadableExport extends Error {}

export type ExportLimits = {
  /** The most bytes of one document (a line, or an item of the array). */
  maxDocumentBytes: number;
  /** The largest file read. */
  maxFileBytes: number;
  /** The deepest nesting of objects and arrays in one document. */
  maxDepth: number;
};

/**
 * 1 MB a document: the largest the shop itself accepts (an order of MAX_ORDER_LINES lines, a
 * product with its 5,000-character description) is tens of kB; MongoDB's own limit is 16 MB.
 */
export const defaultExportLimits: ExportLimits = { maxDocumentBytes: 1024 * 1024, maxFileBytes: 1024 * 1024 * 1024, maxDepth: 16 };

/**
 * One document, or why an entry of the file is not one; `where` is "line 12" or "item 12".
 * `hostile` marks an entry no real export holds (over the size or depth bounds): the import refuses
 * the whole run for it, where a line that is merely not JSON is left out and reported.
 */
export type ExportItem = { where: string; doc: Record<string, unknown> } | { where: string; problem: string; hostile?: true };

class TooDeep extends Error {}

/**
 * Extended JSON to plain values: ObjectIds become their hex (lower case), dates Date objects
 * (kept as written when they are no time a Date can hold: the import refuses them), the typed
 * numbers numbers. Anything else is kept as it is.
 */
function decodeExtendedJson(value: unknown, maxDepth = defaultExportLimits.maxDepth, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= maxDepth) throw new TooDeep();
  if (Array.isArray(value)) return value.map((v) => decodeExtendedJson(v, maxDepth, depth + 1));
  const entries = Object.entries(value as Record<string, unknown>);
  const [first] = entries;
  if (entries.length === 1 && first) {
    const [key, inner] = first;
    if (key === '$oid' && typeof inner === 'string') return inner.toLowerCase();
    if (key === '$date') return dateOf(inner);
    if ((key === '$numberInt' || key === '$numberLong' || key === '$numberDouble' || key === '$numberDecimal') && typeof inner === 'string') return Number(inner);
  }
  return Object.fromEntries(entries.map(([k, v]) => [k, decodeExtendedJson(v, maxDepth, depth + 1)]));
}

/** A Date, or the value as written when it is no time a Date can hold (the report shows it as it was). */
function dateOf(inner: unknown): Date | { $date: unknown } {
  let date = new Date(Number.NaN);
  if (typeof inner === 'string') date = new Date(Date.parse(inner));
  else if (typeof inner === 'number') date = new Date(inner);
  else if (inner !== null && typeof inner === 'object') {
    const n = (inner as Record<string, unknown>).$numberLong;
    if (typeof n === 'string' && /^\s*-?\d{1,20}\s*$/.test(n)) date = new Date(Number(n));
  }
  return Number.isFinite(date.getTime()) ? date : { $date: inner };
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

const megabytes = (bytes: number) => `${(bytes / 1048576).toFixed(bytes < 1048576 ? 2 : 1)} MB`;

function asDocument(where: string, text: string, limits: ExportLimits): ExportItem {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { where, problem: 'not JSON' };
  }
  let decoded: unknown;
  try {
    decoded = decodeExtendedJson(value, limits.maxDepth);
  } catch (e) {
    if (e instanceof TooDeep) return { where, problem: `nested more than ${limits.maxDepth} levels deep: no document of the original product is`, hostile: true };
    throw e;
  }
  if (decoded === null || typeof decoded !== 'object' || Array.isArray(decoded)) return { where, problem: 'not a document (an object was expected)' };
  return { where, doc: decoded as Record<string, unknown> };
}

/** Checks a file before anything is read or written: it opens and is not over the size bound. Answers its form. */
export async function checkExport(file: string, limits: ExportLimits = defaultExportLimits): Promise<'lines' | 'array'> {
  try {
    const { size } = await stat(file);
    if (size > limits.maxFileBytes) throw new UnreadableExport(`${file} is ${megabytes(size)}: an export file is read up to ${megabytes(limits.maxFileBytes)}; split the collection (mongoexport --skip/--limit) into files imported one after another.`);
    return (await isArrayFile(file)) ? 'array' : 'lines';
  } catch (e) {
    if (e instanceof UnreadableExport) throw e;
    throw new UnreadableExport(`${file} cannot be read: ${e instanceof Error ? e.message : String(e)}`);
  }
}

const newline = 0x0a;
const [quote, backslash, comma, openBrace, closeBrace, openBracket, closeBracket] = ['"', '\\', ',', '{', '}', '[', ']'].map((c) => c.charCodeAt(0)) as [number, number, number, number, number, number, number];
const isSpace = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;

/**
 * The documents of one export file, in file order. Call checkExport first. Bytes are scanned as
 * they arrive (the JSON structure is all ASCII, so a UTF-8 character never looks like part of it);
 * a document's bytes are kept up to the bound and parsed when it ends.
 */
export async function* readExport(file: string, limits: ExportLimits = defaultExportLimits): AsyncGenerator<ExportItem> {
  const form = await checkExport(file, limits);
  const label = form === 'array' ? 'item' : 'line';
  let parts: Buffer[] = [];
  let kept = 0;
  let over = false;
  let number = 0; // the line, or the array's item
  const keep = (chunk: Buffer, from: number, to: number) => {
    if (to <= from || over) return;
    if (kept + (to - from) > limits.maxDocumentBytes) {
      over = true;
      parts = [];
      return;
    }
    parts.push(chunk.subarray(from, to));
    kept += to - from;
  };
  /** The document kept so far, ended: answered (or null for a blank line), and the buffers cleared. */
  const finish = (): ExportItem | null => {
    const where = `${label} ${number}`;
    const wasOver = over;
    const text = wasOver ? '' : Buffer.concat(parts, kept).toString('utf8').replace(/^\uFEFF/, '').trim();
    parts = [];
    kept = 0;
    over = false;
    if (wasOver) return { where, problem: `a document of more than ${megabytes(limits.maxDocumentBytes)}: the largest the shop accepts (an order of its most lines, a product) is far smaller, so it was neither kept nor read`, hostile: true };
    return text ? asDocument(where, text, limits) : null;
  };

  const stream = createReadStream(file, { highWaterMark: 64 * 1024 });
  if (form === 'lines') {
    number = 1;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let from = 0;
      for (let i = chunk.indexOf(newline); i !== -1; i = chunk.indexOf(newline, from)) {
        keep(chunk, from, i);
        const item = finish();
        if (item) yield item;
        number += 1;
        from = i + 1;
      }
      keep(chunk, from, chunk.length);
    }
    const last = finish();
    if (last) yield last;
    return;
  }

  // An array: `[` then items separated by commas at depth 1, then `]` and nothing but spaces.
  let phase: 'before' | 'inside' | 'after' = 'before';
  let depth = 0;
  let inString = false;
  let escaped = false;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    let from = 0;
    for (let i = 0; i < chunk.length; i += 1) {
      const b = chunk[i]!;
      if (phase === 'before') {
        if (b === openBracket) {
          phase = 'inside';
          depth = 1;
          from = i + 1;
          number = 1;
        } else if (!isSpace(b) && b !== 0xef && b !== 0xbb && b !== 0xbf) throw new UnreadableExport(`${file} starts with something other than [`);
        continue;
      }
      if (phase === 'after') {
        if (!isSpace(b)) throw new UnreadableExport(`${file}: something follows the array's closing ]`);
        continue;
      }
      if (inString) {
        if (escaped) escaped = false;
        else if (b === backslash) escaped = true;
        else if (b === quote) inString = false;
        continue;
      }
      if (b === quote) inString = true;
      else if (b === openBrace || b === openBracket) depth += 1;
      else if (b === closeBrace || b === closeBracket) depth -= 1;
      const ends = (b === comma && depth === 1) || depth === 0;
      if (!ends) continue;
      keep(chunk, from, i);
      from = i + 1;
      const lastOne = depth === 0;
      if (lastOne && b !== closeBracket) throw new UnreadableExport(`${file}: the array's brackets do not match`);
      // `[]` holds nothing; `[1,]` or `[,` hold an empty item, which is no JSON.
      const item = finish();
      if (item) yield item;
      else if (!(lastOne && number === 1)) yield { where: `item ${number}`, problem: 'not JSON' };
      number += 1;
      if (lastOne) phase = 'after';
    }
    if (phase === 'inside') keep(chunk, from, chunk.length);
  }
  if ((phase as string) !== 'after') throw new UnreadableExport(`${file} ends before its array's closing ]`);
}
