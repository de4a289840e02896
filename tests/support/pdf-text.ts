import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Reads a PDF back for the tests (issue 17): each page's text as pdf.js extracts it, pieces of one
 * line joined as they stand and lines ending in '\n', runs of spaces collapsed (pdf.js inserts a
 * space item where a line changes font).
 */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
    pages.push(text.replace(/[ \t]+/g, ' '));
  }
  await pdf.destroy();
  return pages;
}

/** The fonts a PDF embeds, by their base names without the subset tag: ['NotoSans-Regular', ...]. */
export function embeddedFonts(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes).toString('latin1');
  return [...new Set([...raw.matchAll(/\/BaseFont\s*\/(?:[A-Z]{6}\+)?([\w-]+)/g)].map((m) => m[1] as string))].sort();
}

/**
 * Bengali text in the order its glyphs stand on the page. A PDF's text is its glyphs, in drawing
 * order: a pre-base vowel sign (ি ে ৈ) is drawn before the consonant cluster it follows in
 * Unicode, and ো / ৌ are drawn as ে before the cluster and া / ৗ after it. So the text pdf.js
 * extracts from a correctly shaped "রহিম" is "রিহম"; the tests compare with the expected words
 * put in that visual order, which also proves the shaper moved the vowels (an unshaped run would
 * extract in logical order). A reph (র্ over the next consonant, as in অর্ডার) is drawn after the
 * cluster it stands on: অর্ডার reads back as অডর্ার.
 */
export function visualOrder(logical: string): string {
  const cluster = '(?:[\\u0995-\\u09B9\\u09DC-\\u09DF]\\u09BC?)(?:\\u09CD[\\u0995-\\u09B9\\u09DC-\\u09DF]\\u09BC?)*';
  return logical
    .replace(new RegExp(`\\u09B0\\u09CD(${cluster})`, 'g'), '$1\u09B0\u09CD')
    .replace(new RegExp(`(${cluster})\\u09CB`, 'g'), '\u09C7$1\u09BE')
    .replace(new RegExp(`(${cluster})\\u09CC`, 'g'), '\u09C7$1\u09D7')
    .replace(new RegExp(`(${cluster})([\\u09BF\\u09C7\\u09C8])`, 'g'), '$2$1');
}

/** One piece of text as drawn: where it starts (x), how wide it is and the baseline it sits on (y). */
export type PlacedText = { str: string; x: number; y: number; width: number; page: number };

/** Every non-blank piece of text of a PDF with its position, as pdf.js reads it (issue 33: no two may overlap). */
export async function placedTexts(bytes: Uint8Array): Promise<PlacedText[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false }).promise;
  const placed: PlacedText[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    for (const item of content.items) {
      if (!('str' in item) || !item.str.trim()) continue;
      placed.push({ str: item.str, x: item.transform[4] as number, y: item.transform[5] as number, width: item.width, page: n });
    }
  }
  await pdf.destroy();
  return placed;
}

/**
 * The pairs of pieces that share a baseline and cover each other by more than `tolerance` points:
 * what a line mixing scripts looks like when one run is drawn over another.
 */
export function overlaps(placed: readonly PlacedText[], tolerance = 0.5): string[] {
  const found: string[] = [];
  for (let i = 0; i < placed.length; i++) {
    for (let j = i + 1; j < placed.length; j++) {
      const a = placed[i]!;
      const b = placed[j]!;
      if (a.page !== b.page || Math.abs(a.y - b.y) > 1) continue;
      const cover = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
      if (cover > tolerance) found.push(`"${a.str}" (${a.x.toFixed(1)}..${(a.x + a.width).toFixed(1)}) and "${b.str}" (${b.x.toFixed(1)}..${(b.x + b.width).toFixed(1)}) at y ${a.y.toFixed(1)}`);
    }
  }
  return found;
}
