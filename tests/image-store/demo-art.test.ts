import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoArtSvg, escapeXml, renderDemoArt } from '../../src/platform/image-store/demo-art.js';
import { prepareImage } from '../../src/platform/image-store/prepare-image.js';

const product = { title: 'Pikachu Booster Box', subtitle: 'Pokémon TCG · 36 packs', hue: 280, width: 1200, height: 1200, seed: 'pikachu-box' };
const banner = { title: 'Eid Sale — up to 30% off', subtitle: 'Figures, cards & manga', hue: 20, width: 1600, height: 600, seed: 7 };

const isPng = (bytes: Buffer) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

/** Mean absolute difference of two same-sized pictures' pixels, 0..255. */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const [pa, pb] = await Promise.all([a, b].map((img) => sharp(img).removeAlpha().raw().toBuffer()));
  let sum = 0;
  for (let i = 0; i < pa!.length; i++) sum += Math.abs(pa![i]! - pb![i]!);
  return sum / pa!.length;
}

describe('renderDemoArt', () => {
  it.each([
    ['a square product photo', product],
    ['a wide home banner', banner],
  ])('renders %s as a PNG of the requested size', async (_, input) => {
    const png = await renderDemoArt(input);
    expect(isPng(png)).toBe(true);
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    expect([meta.width, meta.height]).toEqual([input.width, input.height]);
    // Not a flat fill: the picture has real contrast.
    const stats = await sharp(png).stats();
    expect(stats.channels.some((c) => c.stdev > 20)).toBe(true);
  });

  it('is deterministic for the same input', async () => {
    const [a, b] = await Promise.all([renderDemoArt(product), renderDemoArt(product)]);
    expect(a.equals(b)).toBe(true);
  });

  it('differs for another title, another seed and another hue', async () => {
    const base = await renderDemoArt(product);
    for (const change of [{ title: 'Naruto Kunai Set' }, { seed: 'other-seed' }, { hue: 120 }]) {
      const other = await renderDemoArt({ ...product, ...change });
      expect(other.equals(base)).toBe(false);
      expect(await difference(base, other)).toBeGreaterThan(1);
    }
  });

  it('the title is drawn: its pixels are where the text goes', async () => {
    const withTitle = await renderDemoArt(product);
    const blank = await renderDemoArt({ ...product, title: '', subtitle: '' });
    const region = { left: 0, top: 900, width: 1200, height: 300 };
    const bottom = (png: Buffer) => sharp(png).extract(region).png().toBuffer();
    expect(await difference(await bottom(withTitle), await bottom(blank))).toBeGreaterThan(5);
  });

  it('its output passes prepareImage like an upload', async () => {
    for (const input of [product, banner]) {
      const result = await prepareImage(await renderDemoArt(input), 'demo.png');
      expect(result.ok).toBe(true);
      if (result.ok) {
        expect(result.value.width).toBe(input.width);
        expect(result.value.variants.map((v) => v.width)).toEqual([480, 960]);
      }
    }
  });

  it('escapes text for XML, so markup in a title is drawn as text, not parsed', async () => {
    const title = `Tom & Jerry's <script>alert("x")</script>\u0001`;
    const svg = demoArtSvg({ ...product, title, subtitle: '<b>bold</b> & "quoted"' });
    expect(svg).not.toContain('<script>');
    expect(svg).not.toContain('<b>');
    expect(svg).not.toContain('\u0001');
    expect(svg).toContain('Tom &amp;');
    expect(svg).toContain('&lt;script&gt;');
    const png = await renderDemoArt({ ...product, title, subtitle: '<b>bold</b> & "quoted"' });
    expect((await sharp(png).metadata()).width).toBe(1200);
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });

  it('lists fallback fonts and refuses sizes that are not whole pixels', () => {
    expect(demoArtSvg(product)).toMatch(/font-family="[^"]*DejaVu Sans[^"]*sans-serif"/);
    expect(() => demoArtSvg({ ...product, width: 0 })).toThrow(RangeError);
    expect(() => demoArtSvg({ ...product, height: 10.5 })).toThrow(RangeError);
  });
});
