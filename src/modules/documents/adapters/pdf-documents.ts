import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../../platform/paths.js';
import { createKeyedLimit, createWorkGate } from '../../../platform/work-gate.js';
import { appError, type AppError } from '../../../shared/errors.js';
import { err, ok, type Result } from '../../../shared/result.js';
import type { OrderDocument } from '../domain/invoice.js';

/**
 * Invoices and packing slips as A4 PDFs (issue 17, decision 034), laid out with pdfkit. pdfkit
 * shapes Bengali through fontkit's Indic shaper (conjuncts, pre-base vowels), so names and
 * addresses typed in Bengali print as they were written. pdfkit is imported on the first PDF,
 * not at start-up, and the fonts are read once then, from assets/fonts (beside src/ and dist/).
 */

type PdfKit = PDFKit.PDFDocument;

const fontFiles = { latin: 'NotoSans-Regular.ttf', latinBold: 'NotoSans-Bold.ttf', bengali: 'NotoSansBengali-Regular.ttf' } as const;
type FontName = keyof typeof fontFiles;

export const fontsDir = () => join(projectRoot(), 'assets', 'fonts');

// The typings declare the module's export as a document that can be called with `new`.
let loaded: Promise<{ PDFDocument: PdfKit; fonts: Record<FontName, Buffer> }> | undefined;
const load = () =>
  (loaded ??= import('pdfkit').then(({ default: PDFDocument }) => ({
    PDFDocument,
    fonts: Object.fromEntries(Object.entries(fontFiles).map(([name, file]) => [name, readFileSync(join(fontsDir(), file))])) as Record<FontName, Buffer>,
  })).catch((error: unknown) => {
    loaded = undefined;
    throw error;
  }));

/** Bengali letters and signs, the dandas and the joiners: drawn with the Bengali font. */
const bengali = /[\u0980-\u09FF\u0964\u0965\u200C\u200D]/;
/** Spaces, digits and punctuation both fonts draw: they go with the run they stand in. */
const neutral = /[\s0-9!"#%'()*+,\-./:;<=>?[\\\]^_{|}~\u2013]/;

export type Run = { text: string; script: 'latin' | 'bengali' };

/**
 * Splits text into runs of one script, so each is drawn with a font that has its letters (Noto
 * Sans has no Bengali; Noto Sans Bengali no Latin letters). Neutral characters join the run
 * before them, or the first run when they lead.
 */
export function scriptRuns(text: string): Run[] {
  const runs: Run[] = [];
  let pending = '';
  for (const ch of text) {
    if (neutral.test(ch)) {
      const last = runs[runs.length - 1];
      if (last) last.text += ch;
      else pending += ch;
      continue;
    }
    const script = bengali.test(ch) ? 'bengali' : 'latin';
    const last = runs[runs.length - 1];
    if (last && last.script === script) last.text += ch;
    else runs.push({ text: pending + ch, script });
    pending = '';
  }
  if (pending) runs.push({ text: pending, script: 'latin' });
  return runs;
}

type TextStyle = { size: number; bold?: boolean; color?: string; width: number; align?: 'left' | 'right' | 'center' };

const gray = '#555555';
const rule = '#BBBBBB';
const margin = 48;

/**
 * Noto Sans's ascender (1069/1000). pdfkit puts a run's baseline its own font's ascender below the
 * line's top, and Noto Sans Bengali's is 917: every run is placed by the Latin one instead, so
 * the Bengali and Latin words of one line share a baseline.
 */
const lineAscent = 1.069;
/** Noto Sans Bengali reaches 0.408 em below the baseline (ু, ৃ), Noto Sans 0.293: room for it. */
const bengaliGap = 0.12;

const fontOf = (script: Run['script'], style: TextStyle): FontName => (script === 'bengali' ? 'bengali' : style.bold ? 'latinBold' : 'latin');

/** The width of `text` in one font, as pdfkit will draw it (shaped, kerned). */
function widthIn(pdf: PdfKit, font: FontName, size: number, text: string): number {
  return pdf.font(font).fontSize(size).widthOfString(text);
}

/** The width of a mixed-script text: each run measured in the font it is drawn with. */
const widthOf = (pdf: PdfKit, text: string, style: TextStyle): number =>
  scriptRuns(text).reduce((sum, run) => sum + widthIn(pdf, fontOf(run.script, style), style.size, run.text), 0);

/** Grapheme clusters: a word wider than its column breaks between them, never inside one (a Bengali conjunct). */
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The pieces of one line as drawn: each run in its own font at its own x, measured in that font. */
export type PlacedRun = Run & { font: FontName; x: number; width: number };
export type LaidOutLine = { runs: PlacedRun[]; width: number };

/** Most lines a cell may take: a bound on the loop for any text (a cell's texts are bounded already). */
const maxLines = 200;

/**
 * Lays `text` out in lines within `style.width` (issue 33): the words are wrapped by their width
 * measured run by run in the run's own font, then each line is split into runs again and every
 * run gets its x from the widths of the runs before it, so the runs of a line mixing Latin and
 * Bengali follow each other and the alignment moves the line as a whole. (pdfkit's `continued`
 * text aligned each piece on its own: the Bengali invoice drew "EID10" over "ছাড় (".)
 */
export function layout(pdf: PdfKit, text: string, style: TextStyle): LaidOutLine[] {
  const lines: string[] = [];
  const space = (s: string) => /^\s+$/.test(s);
  for (const paragraph of text.split(/\r?\n/)) {
    let current = '';
    const push = () => {
      if (lines.length < maxLines) lines.push(current.trimEnd());
      current = '';
    };
    for (const token of paragraph.split(/(\s+)/)) {
      if (!token) continue;
      if (space(token)) {
        if (current) current += token;
        continue;
      }
      if (widthOf(pdf, current + token, style) <= style.width || !current.trim()) {
        if (!current.trim() && widthOf(pdf, token, style) > style.width) {
          // A word wider than the column: as many clusters as fit on each line.
          for (const { segment } of graphemes.segment(token)) {
            if (current && widthOf(pdf, current + segment, style) > style.width) push();
            current += segment;
          }
        } else current += token;
        continue;
      }
      push();
      current = token;
    }
    push();
  }
  return lines.map((content) => {
    let x = 0;
    const runs = scriptRuns(content).map((run) => {
      const font = fontOf(run.script, style);
      const width = widthIn(pdf, font, style.size, run.text);
      const placed = { ...run, font, x, width };
      x += width;
      return placed;
    });
    return { runs, width: x };
  });
}

/** One line's height: Noto Sans's (every run sits on its baseline), with room below for Bengali's deeper signs. */
function lineHeightOf(pdf: PdfKit, text: string, style: TextStyle): number {
  pdf.font('latin').fontSize(style.size);
  return pdf.currentLineHeight(true) + (bengali.test(text) ? bengaliGap * style.size : 0);
}

/** Draws `text` at (x, y), laid out whole and drawn run by run, wrapping within `style.width`; answers the y below it. */
function write(pdf: PdfKit, text: string, x: number, y: number, style: TextStyle): number {
  const lines = layout(pdf, text, style);
  if (!text) return y;
  const height = lineHeightOf(pdf, text, style);
  pdf.fillColor(style.color ?? '#000000');
  for (const laid of lines) {
    const offset = style.align === 'right' ? style.width - laid.width : style.align === 'center' ? (style.width - laid.width) / 2 : 0;
    for (const run of laid.runs) {
      pdf.font(run.font).fontSize(style.size).text(run.text, x + offset + run.x, y, { lineBreak: false, baseline: -lineAscent * style.size });
    }
    y += height;
  }
  return y;
}

/** The height `text` takes, laid out as `write` draws it. */
function heightOf(pdf: PdfKit, text: string, style: TextStyle): number {
  return Math.max(1, layout(pdf, text, style).length) * lineHeightOf(pdf, text, style);
}

const line = (pdf: PdfKit, y: number, x0 = margin, x1 = pdf.page.width - margin) => pdf.moveTo(x0, y).lineTo(x1, y).lineWidth(0.5).strokeColor(rule).stroke();

/** The shop, the title and the order's number, date and status; answers the y below. */
function heading(pdf: PdfKit, doc: OrderDocument, continued: boolean): number {
  const right = pdf.page.width - margin;
  const half = (pdf.page.width - 2 * margin) / 2;
  let left = write(pdf, doc.shop.name, margin, margin, { size: 18, bold: true, width: half });
  for (const contact of doc.shop.contact) left = write(pdf, contact, margin, left, { size: 9, color: gray, width: half });
  let y = write(pdf, continued ? `${doc.title} ${doc.labels.continued}` : doc.title, right - half, margin, { size: 18, bold: true, width: half, align: 'right' });
  y = write(pdf, doc.labels.order, right - half, y, { size: 11, bold: true, width: half, align: 'right' });
  y = write(pdf, doc.date, right - half, y, { size: 9, width: half, align: 'right' });
  y = write(pdf, `${doc.labels.status}: ${doc.statusText}`, right - half, y, { size: 9, width: half, align: 'right' });
  y = Math.max(left, y) + 10;
  line(pdf, y);
  return y + 12;
}

/** The customer and where the parcel goes; answers the y below. */
function customer(pdf: PdfKit, doc: OrderDocument, y: number, large: boolean): number {
  const width = pdf.page.width - 2 * margin;
  const c = doc.customer;
  const l = doc.labels;
  y = write(pdf, l.customer, margin, y, { size: 9, color: gray, width });
  y = write(pdf, c.name, margin, y + 2, { size: large ? 16 : 12, bold: true, width });
  y = write(pdf, `${l.phone}: ${c.phone}`, margin, y + 2, { size: large ? 13 : 10, bold: large, width });
  y = write(pdf, `${l.address}: ${c.address}`, margin, y + 2, { size: large ? 12 : 10, width });
  y = write(pdf, `${l.deliveryZone}: ${c.deliveryZone}`, margin, y + 2, { size: 10, width });
  y = write(pdf, `${l.email}: ${c.email}`, margin, y + 2, { size: 9, color: gray, width });
  return y + 16;
}

/** Lets the event loop breathe between pages and orders: a long file is not drawn in one go. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

type Column = { header: string; width: number; align?: 'left' | 'right' | 'center'; cell: (l: OrderDocument['lines'][number]) => string; sub?: (l: OrderDocument['lines'][number]) => string };

/** The lines as a table, continued on new pages as long as it takes; answers the y below. */
async function table(pdf: PdfKit, doc: OrderDocument, y: number, columns: Column[], checkbox: boolean): Promise<number> {
  const bottom = pdf.page.height - margin;
  const box = checkbox ? 22 : 0;
  const header = (top: number) => {
    let x = margin + box;
    for (const col of columns) {
      write(pdf, col.header, x, top, { size: 9, bold: true, color: gray, width: col.width - 6, align: col.align });
      x += col.width;
    }
    line(pdf, top + 16);
    return top + 22;
  };
  y = header(y);
  for (const l of doc.lines) {
    const height = Math.max(...columns.map((col) => heightOf(pdf, col.cell(l), { size: 10, width: col.width - 6 }) + (col.sub?.(l) ? heightOf(pdf, col.sub(l), { size: 8, width: col.width - 6 }) : 0)));
    if (y + height + 8 > bottom) {
      // A page at a time: other requests run between the pages of a long table (issue 40).
      await turn();
      if (pdf.destroyed) return y;
      pdf.addPage();
      y = header(heading(pdf, doc, true));
    }
    if (checkbox) pdf.rect(margin + 2, y + 1, 11, 11).lineWidth(0.8).strokeColor('#000000').stroke();
    let x = margin + box;
    let below = y;
    for (const col of columns) {
      let cellY = write(pdf, col.cell(l), x, y, { size: 10, width: col.width - 6, align: col.align });
      const sub = col.sub?.(l);
      if (sub) cellY = write(pdf, sub, x, cellY, { size: 8, color: gray, width: col.width - 6, align: col.align });
      below = Math.max(below, cellY);
      x += col.width;
    }
    y = below + 6;
    line(pdf, y - 3);
  }
  return y + 6;
}

/** The amount for the courier, boxed so it is not missed. */
function collectBox(pdf: PdfKit, doc: OrderDocument, y: number, size: number): number {
  const width = pdf.page.width - 2 * margin;
  const height = heightOf(pdf, doc.collect, { size, bold: true, width: width - 20 }) + 16;
  pdf.rect(margin, y, width, height).lineWidth(1.2).strokeColor('#000000').stroke();
  write(pdf, doc.collect, margin + 10, y + 8, { size, bold: true, width: width - 20, align: 'center' });
  return y + height + 12;
}

async function invoicePage(pdf: PdfKit, doc: OrderDocument): Promise<void> {
  const width = pdf.page.width - 2 * margin;
  let y = customer(pdf, doc, heading(pdf, doc, false), false);
  y = await table(
    pdf,
    doc,
    y,
    [
      { header: doc.labels.item, width: width - 250, cell: (l) => l.title, sub: (l) => l.choice },
      { header: doc.labels.quantity, width: 50, align: 'right', cell: (l) => l.quantityText },
      { header: doc.labels.unitPrice, width: 100, align: 'right', cell: (l) => l.unitPrice },
      { header: doc.labels.price, width: 100, align: 'right', cell: (l) => l.price },
    ],
    false,
  );
  if (pdf.destroyed) return;
  if (y + 20 * doc.totals.length + 60 > pdf.page.height - margin) {
    pdf.addPage();
    y = heading(pdf, doc, true);
  }
  const labelX = margin + width - 330;
  for (const total of doc.totals) {
    const last = total === doc.totals[doc.totals.length - 1];
    write(pdf, total.label, labelX, y, { size: last ? 12 : 10, bold: last, width: 220, align: 'right' });
    y = write(pdf, total.amount, labelX + 230, y, { size: last ? 12 : 10, bold: last, width: 100, align: 'right' }) + 4;
  }
  y = collectBox(pdf, doc, y + 10, 13);
  write(pdf, doc.labels.thanks, margin, y, { size: 9, color: gray, width });
}

async function packingSlipPage(pdf: PdfKit, doc: OrderDocument): Promise<void> {
  const width = pdf.page.width - 2 * margin - 22;
  let y = customer(pdf, doc, heading(pdf, doc, false), true);
  y = await table(
    pdf,
    doc,
    y,
    [
      { header: doc.labels.item, width: width - 220, cell: (l) => l.title },
      { header: doc.labels.choice, width: 160, cell: (l) => l.choice || '-' },
      { header: doc.labels.quantity, width: 60, align: 'right', cell: (l) => l.quantityText },
    ],
    true,
  );
  if (pdf.destroyed) return;
  if (y + 90 > pdf.page.height - margin) {
    pdf.addPage();
    y = heading(pdf, doc, true);
  }
  y = write(pdf, doc.labels.count, margin, y, { size: 10, width: width + 22 }) + 12;
  y = collectBox(pdf, doc, y, 16);
  // The courier and the code on its label (issue 34), once the order is booked.
  if (doc.courier) write(pdf, doc.courier, margin, y, { size: 12, bold: true, width: width + 22 });
}

/**
 * pdfkit's output as a web stream for the response. Not Readable.toWeb: on Node 20 it still
 * enqueues data the stream had buffered after the response was canceled, and throws.
 */
function webStreamOf(pdf: PdfKit): ReadableStream<Uint8Array> {
  let open = true;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        pdf.on('data', (chunk: Buffer) => {
          if (!open) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) pdf.pause();
        });
        pdf.once('end', () => {
          if (open) controller.close();
          open = false;
        });
        pdf.once('error', (error) => {
          if (open) controller.error(error);
          open = false;
        });
      },
      pull() {
        pdf.resume();
      },
      cancel() {
        open = false;
        pdf.destroy();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}

/**
 * `stream` as read by the client, `release` run once when it has read the end, given up, or the
 * stream failed: a file small enough to sit whole in the web stream's queue still counts until
 * its reader has taken it.
 */
function held(stream: ReadableStream<Uint8Array>, release: () => void): ReadableStream<Uint8Array> {
  const reader = stream.getReader();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await reader.read();
          if (next.done) {
            release();
            controller.close();
          } else controller.enqueue(next.value);
        } catch (error) {
          release();
          controller.error(error);
        }
      },
      async cancel(reason) {
        release();
        await reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * How many PDFs are made at once (issue 40, decision 047). Drawing is CPU work on the event loop
 * (a page at a time, see `turn`): `atOnce` are drawn shop-wide, `maxWaiting` more wait in line,
 * and past that the answer is ordering/documents-busy (503, Retry-After). One customer has at most
 * `perCustomer` PDFs in progress, from the request until the file is read or given up (so a slow
 * reader holds their own slots, not the shop's): past that ordering/documents-in-progress (429).
 */
export type PdfLimits = { atOnce: number; maxWaiting: number; perCustomer: number };
export const defaultPdfLimits: PdfLimits = { atOnce: 2, maxWaiting: 8, perCustomer: 2 };
/** Customers with a PDF in progress at once (a cap on the per-customer counts' map). */
const maxCustomersAtOnce = 10_000;

export type PdfRenderer = (docs: readonly OrderDocument[], title: string, who: string) => Promise<Result<ReadableStream<Uint8Array>, AppError>>;

/**
 * The documents as one PDF, streamed as pdfkit writes it: an invoice (one order) or packing
 * slips (one order per page). Callers bound the documents (50 at most) and their lines
 * (MAX_ORDER_LINES). `who` is the user asking (their per-customer count).
 */
export function createPdfRenderer(limits: PdfLimits = defaultPdfLimits): PdfRenderer & { stats: () => { drawing: number; waiting: number; customers: number } } {
  const shop = createWorkGate({ atOnce: limits.atOnce, maxWaiting: limits.maxWaiting });
  const customers = createKeyedLimit({ perKey: limits.perCustomer, maxKeys: maxCustomersAtOnce });
  const render = async (docs: readonly OrderDocument[], title: string, who: string): Promise<Result<ReadableStream<Uint8Array>, AppError>> => {
    const mine = customers.take(who);
    if (!mine) return err(appError('ordering/documents-in-progress', `You have ${limits.perCustomer} PDFs being made already. Try again when they are done.`));
    const drawing = await shop.enter();
    if (!drawing) {
      mine();
      return err(appError('ordering/documents-busy', 'Many PDFs are being made right now. Try again in a few seconds.'));
    }
    let pdf: PdfKit;
    try {
      const { PDFDocument, fonts } = await load();
      pdf = new PDFDocument({ size: 'A4', margin, autoFirstPage: false, info: { Title: title, Creator: docs[0]?.shop.name ?? '', Producer: 'pdfkit' } });
      for (const [name, data] of Object.entries(fonts)) pdf.registerFont(name, data);
    } catch (error) {
      drawing();
      mine();
      throw error;
    }
    // The shop's slot when the drawing is done (or given up); the customer's once the file is read
    // to the end or given up (the client went away): see `held`.
    pdf.once('close', drawing);
    const out = held(webStreamOf(pdf), mine);
    void (async () => {
      for (const doc of docs) {
        if (pdf.destroyed) return;
        pdf.addPage();
        if (doc.kind === 'invoice') await invoicePage(pdf, doc);
        else await packingSlipPage(pdf, doc);
        await turn();
      }
      if (!pdf.destroyed) pdf.end();
    })()
      .catch((error: unknown) => pdf.destroy(error instanceof Error ? error : new Error(String(error))))
      .finally(drawing);
    return ok(out);
  };
  return Object.assign(render, { stats: () => ({ drawing: shop.stats().running, waiting: shop.stats().waiting, customers: customers.stats().keys }) });
}
