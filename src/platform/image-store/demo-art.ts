
export type DemoArtInput = {
  title: string;
  subtitle?: string;
  /** Base colour, degrees on the colour wheel (any number; taken modulo 360). */
  hue: number;
  width: number;
  height: number;
  /** Places the shapes; the same input always gives the same picture. */
  seed: number | string;
};

/**
 * Original artwork for the demo catalogue (product photos, home banners), drawn as SVG and
 * rendered to PNG with no network and no third-party pictures, so the demo shop owns every pixel
 * it shows. The PNG goes through prepareImage() like any upload.
 */
export async function renderDemoArt(input: DemoArtInput): Promise<Buffer> {
  const svg = demoArtSvg(input);
  const { default: sharp } = await import('sharp'); // loaded when first needed, not at start
  // The PNG is only a hand-over to prepareImage(): fast compression, same pixels.
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}

/** The SVG source of renderDemoArt; pure, so tests can look at it. */
export function demoArtSvg({ title, subtitle, hue, width, height, seed }: DemoArtInput): string {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 16 || height < 16 || width > 4000 || height > 4000) {
    throw new RangeError(`demo art size must be whole pixels between 16 and 4000, got ${width}x${height}`);
  }
  const random = mulberry32(seedToInt(seed));
  const h = (((hue % 360) + 360) % 360).toFixed(0);
  const h2 = ((((hue + 40) % 360) + 360) % 360).toFixed(0);
  const h3 = ((((hue + 180) % 360) + 360) % 360).toFixed(0);
  const min = Math.min(width, height);
  const between = (lo: number, hi: number) => lo + random() * (hi - lo);
  const n = (value: number) => value.toFixed(1);

  // Wide pictures (home banners) put the text on the left and the cards on the right; squarer
  // ones (product photos) put the cards in the upper half and the text below, like a manga cover.
  const banner = width >= height * 1.8;
  // Focal point of the burst and the cards.
  const fx = banner ? width * between(0.72, 0.8) : width * between(0.38, 0.62);
  const fy = banner ? height * between(0.42, 0.5) : height * between(0.24, 0.32);

  const rays = Array.from({ length: 18 }, (_, i) => {
    const a = (i / 18) * Math.PI * 2 + between(0, 0.15);
    const spread = 0.07;
    const far = Math.hypot(width, height);
    const p = (angle: number) => `${n(fx + Math.cos(angle) * far)},${n(fy + Math.sin(angle) * far)}`;
    return `<polygon points="${n(fx)},${n(fy)} ${p(a - spread)} ${p(a + spread)}"/>`;
  }).join('');

  const circles = Array.from({ length: 5 }, () => {
    const r = min * between(0.05, 0.22);
    return `<circle cx="${n(between(0, width))}" cy="${n(between(0, height))}" r="${n(r)}" fill="none" stroke="hsl(${h2}, 90%, 80%)" stroke-opacity="${between(0.12, 0.3).toFixed(2)}" stroke-width="${n(min * 0.012)}"/>`;
  }).join('');

  // Trading-card silhouettes fanned out around the focal point.
  const cardW = min * (banner ? 0.34 : 0.24);
  const cardH = cardW * 1.4;
  const fan = between(-12, 12);
  const cards = [-1, 0, 1]
    .map((k) => {
      const angle = fan + k * 14 + between(-3, 3);
      const x = fx + k * cardW * 0.55 - cardW / 2;
      const y = fy - cardH / 2 + Math.abs(k) * cardH * 0.06;
      const r = cardW * 0.07;
      const inset = cardW * 0.07;
      return `<g transform="rotate(${n(angle)} ${n(fx)} ${n(fy + cardH)})">
  <rect x="${n(x + cardW * 0.02)}" y="${n(y + cardH * 0.03)}" width="${n(cardW)}" height="${n(cardH)}" rx="${n(r)}" fill="#000" fill-opacity="0.3"/>
  <rect x="${n(x)}" y="${n(y)}" width="${n(cardW)}" height="${n(cardH)}" rx="${n(r)}" fill="url(#card)" stroke="hsl(${h2}, 95%, 88%)" stroke-width="${n(cardW * 0.025)}"/>
  <rect x="${n(x + inset)}" y="${n(y + inset)}" width="${n(cardW - 2 * inset)}" height="${n(cardH * 0.55)}" rx="${n(r / 2)}" fill="url(#art)"/>
  <path d="${starPath(x + cardW / 2, y + inset + cardH * 0.275, cardW * 0.16, cardW * 0.07, 5)}" fill="hsl(50, 100%, 85%)"/>
  <rect x="${n(x + inset)}" y="${n(y + cardH * 0.7)}" width="${n(cardW * 0.6)}" height="${n(cardH * 0.04)}" rx="${n(cardH * 0.02)}" fill="#fff" fill-opacity="0.75"/>
  <rect x="${n(x + inset)}" y="${n(y + cardH * 0.78)}" width="${n(cardW * 0.45)}" height="${n(cardH * 0.03)}" rx="${n(cardH * 0.015)}" fill="#fff" fill-opacity="0.5"/>
</g>`;
    })
    .join('\n');

  const sparkles = Array.from({ length: 14 }, () => {
    const x = between(0, width);
    const y = between(0, height * 0.7);
    const size = min * between(0.012, 0.04);
    const points = random() < 0.6 ? 4 : 5;
    const inner = points === 4 ? size * 0.25 : size * 0.45;
    return `<path d="${starPath(x, y, size, inner, points)}" fill="${random() < 0.5 ? 'hsl(50, 100%, 85%)' : `hsl(${h2}, 100%, 92%)`}" fill-opacity="${between(0.6, 1).toFixed(2)}"/>`;
  }).join('');

  const text = titleBlock({ title, subtitle, width, height, hue: h, banner });

  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
  <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${h}, 70%, 22%)"/>
    <stop offset="0.55" stop-color="hsl(${h2}, 75%, 42%)"/>
    <stop offset="1" stop-color="hsl(${h3}, 65%, 55%)"/>
  </linearGradient>
  <radialGradient id="glow" cx="${n(fx / width)}" cy="${n(fy / height)}" r="0.6">
    <stop offset="0" stop-color="#fff" stop-opacity="0.55"/>
    <stop offset="1" stop-color="#fff" stop-opacity="0"/>
  </radialGradient>
  <linearGradient id="card" x1="0" y1="0" x2="0.4" y2="1">
    <stop offset="0" stop-color="hsl(${h2}, 85%, 62%)"/>
    <stop offset="1" stop-color="hsl(${h}, 80%, 32%)"/>
  </linearGradient>
  <linearGradient id="art" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${h3}, 85%, 72%)"/>
    <stop offset="1" stop-color="hsl(${h2}, 90%, 50%)"/>
  </linearGradient>
  <linearGradient id="shade" x1="${banner ? 1 : 0}" y1="0" x2="0" y2="${banner ? 0 : 1}">
    <stop offset="${banner ? 0 : 0.45}" stop-color="hsl(${h}, 60%, 8%)" stop-opacity="0"/>
    <stop offset="1" stop-color="hsl(${h}, 60%, 8%)" stop-opacity="0.75"/>
  </linearGradient>
  <pattern id="dots" width="${n(min * 0.03)}" height="${n(min * 0.03)}" patternUnits="userSpaceOnUse">
    <circle cx="${n(min * 0.015)}" cy="${n(min * 0.015)}" r="${n(min * 0.005)}" fill="#fff" fill-opacity="0.18"/>
  </pattern>
</defs>
<rect width="${width}" height="${height}" fill="url(#sky)"/>
<g fill="#fff" fill-opacity="0.07">${rays}</g>
<rect width="${width}" height="${height}" fill="url(#glow)"/>
<rect width="${width}" height="${height}" fill="url(#dots)"/>
${circles}
${cards}
${sparkles}
<rect width="${width}" height="${height}" fill="url(#shade)"/>
${text}
</svg>`;
}

const fontFamily = "'DejaVu Sans', 'Liberation Sans', Arial, 'Noto Sans', sans-serif";

type TitleLayout = { title: string; subtitle?: string | undefined; width: number; height: number; hue: string; banner: boolean };

/** Bold DejaVu Sans averages about 0.62 em per character; close enough to size text without measuring it. */
const emPerChar = 0.62;

/** Title (wrapped and sized to fit) and subtitle: at the bottom, centred, or on the left of a banner. */
function titleBlock({ title, subtitle, width, height, hue, banner }: TitleLayout): string {
  const min = Math.min(width, height);
  const usable = banner ? width * 0.56 : width * 0.88;
  const maxLines = banner || height > width * 0.6 ? 3 : 2;
  const fitted = fitTitle(title, usable, min * (banner ? 0.2 : 0.13), maxLines);
  const lines = fitted.lines;
  // Below the cards, the title gets at most a third of the height.
  const size = banner ? fitted.size : Math.min(fitted.size, (height * 0.33) / (lines.length * 1.1));
  const subSize = Math.min(size * 0.45, min * 0.06, usable / (Math.max(subtitle?.length ?? 0, 1) * 0.58));
  const lineGap = size * 1.1;
  const blockHeight = (lines.length - 1) * lineGap + (subtitle ? subSize * 1.6 : 0);
  // Baseline of the last title line.
  const last = banner ? (height + blockHeight) / 2 - (subtitle ? subSize * 1.6 : 0) + size * 0.35 : height - min * 0.08 - (subtitle ? subSize * 1.6 : 0);
  const x = banner ? width * 0.06 : width / 2;
  const common = `x="${x.toFixed(1)}" text-anchor="${banner ? 'start' : 'middle'}" font-family="${fontFamily}" font-weight="bold"`;
  const outline = `stroke="hsl(${hue}, 70%, 12%)" stroke-linejoin="round" paint-order="stroke"`;
  const titleText = lines
    .map(
      (line, i) =>
        `<text ${common} y="${(last - (lines.length - 1 - i) * lineGap).toFixed(1)}" font-size="${size.toFixed(1)}" fill="#fff" ${outline} stroke-width="${(size * 0.12).toFixed(1)}">${escapeXml(line)}</text>`,
    )
    .join('\n');
  const subText = subtitle
    ? `<text ${common} y="${(last + subSize * 1.6).toFixed(1)}" font-size="${subSize.toFixed(1)}" fill="hsl(50, 100%, 85%)" ${outline} stroke-width="${(subSize * 0.1).toFixed(1)}" letter-spacing="${(subSize * 0.04).toFixed(1)}">${escapeXml(subtitle)}</text>`
    : '';
  return `${titleText}\n${subText}`;
}

/** Tries 1..maxLines lines and keeps the split that allows the largest font (fewer lines on a tie). */
function fitTitle(title: string, usable: number, maxSize: number, maxLines: number): { lines: string[]; size: number } {
  const words = title.trim().split(/\s+/).filter(Boolean);
  let best = { lines: [words.join(' ')], size: 0 };
  for (let count = 1; count <= Math.min(maxLines, Math.max(words.length, 1)); count++) {
    const lines = wrap(words, Math.ceil(words.join(' ').length / count), count);
    const longest = Math.max(...lines.map((l) => l.length), 1);
    const size = Math.min(maxSize, usable / (longest * emPerChar));
    if (size > best.size * 1.05) best = { lines, size };
  }
  return best;
}

/** Greedy wrap towards `perLine` characters; the last allowed line takes whatever is left. */
function wrap(words: string[], perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const word of words) {
    const current = lines[lines.length - 1];
    if (current !== undefined && (current.length + 1 + word.length <= perLine || lines.length === maxLines)) {
      lines[lines.length - 1] = `${current} ${word}`;
    } else {
      lines.push(word);
    }
  }
  return lines.length > 0 ? lines : [''];
}

/** For text and attribute values in SVG; also drops characters XML 1.0 forbids, which librsvg rejects. */
export const escapeXml = (value: string): string =>
  value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch] ?? ch);

function starPath(cx: number, cy: number, outer: number, inner: number, points: number): string {
  const corners = Array.from({ length: points * 2 }, (_, i) => {
    const r = i % 2 === 0 ? outer : inner;
    const a = (i / (points * 2)) * Math.PI * 2 - Math.PI / 2;
    return `${(cx + Math.cos(a) * r).toFixed(1)},${(cy + Math.sin(a) * r).toFixed(1)}`;
  });
  return `M${corners.join('L')}Z`;
}

/** Small, well-known PRNG: deterministic across platforms, unlike Math.random. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a over the seed's text, so string seeds (a product slug) work as well as numbers. */
function seedToInt(seed: number | string): number {
  let hash = 0x811c9dc5;
  for (const ch of String(seed)) {
    hash ^= ch.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
