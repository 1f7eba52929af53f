/**
 * Text the server draws into pictures (the demo's product captions, logos and banners, the og
 * card, the share poster) is turned into outlines before sharp rasterises it. A `<text>` element
 * leaves the glyphs to librsvg's font lookup (fontconfig), which can fail: a lookup that finds no
 * CJK face, or runs while another variant is being rendered, draws boxes, and that variant is
 * then kept. With outlines every variant (AVIF, WebP, PNG, JPEG) draws the same shapes from one
 * known font file, read once per process.
 *
 * The font is Noto Sans CJK SC (Debian's fonts-noto-cjk, which .ci/run installs and
 * docs/going-live.md asks for). Without the file, text is left as it is and the missing file is
 * logged once.
 */
import { existsSync, readFileSync } from 'node:fs';
import { create, type Font, type PathCommand } from 'fontkitten';

/** Where Noto Sans CJK lives on the systems the shop runs on: Debian first. */
export const CJK_FONT_FILES = {
  regular: [
    '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
    '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc',
    '/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc',
  ],
  bold: [
    '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc',
    '/usr/share/fonts/noto-cjk/NotoSansCJK-Bold.ttc',
    '/usr/share/fonts/google-noto-cjk/NotoSansCJK-Bold.ttc',
  ],
} as const;

type Weight = keyof typeof CJK_FONT_FILES;
const POSTSCRIPT = { regular: 'NotoSansCJKsc-Regular', bold: 'NotoSansCJKsc-Bold' } as const;

const fonts = new Map<Weight, Font | null>();
let reportedMissing = false;

/** The SC face of the weight, parsed on first use; null (logged once) when no file is there. */
export function cjkFont(weight: Weight): Font | null {
  if (fonts.has(weight)) return fonts.get(weight)!;
  const file = CJK_FONT_FILES[weight].find((candidate) => existsSync(candidate));
  let font: Font | null = null;
  if (file) {
    const parsed = create(readFileSync(file), POSTSCRIPT[weight]);
    if (!parsed.isCollection) font = parsed;
  }
  if (!font && !reportedMissing) {
    reportedMissing = true;
    console.error(
      `[media] no Noto Sans CJK font at ${CJK_FONT_FILES[weight].join(', ')}: pictures keep their text to the system's font lookup (install fonts-noto-cjk)`,
    );
  }
  fonts.set(weight, font);
  return font;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescapeXml(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, ref: string) => {
    if (ref[0] !== '#') return ENTITIES[ref.toLowerCase()]!;
    const hex = ref[1] === 'x' || ref[1] === 'X';
    return String.fromCodePoint(parseInt(ref.slice(hex ? 2 : 1), hex ? 16 : 10));
  });
}

function attributes(source: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of source.matchAll(/([\w:-]+)\s*=\s*("([^"]*)"|'([^']*)')/g))
    found.set(match[1]!, match[3] ?? match[4] ?? '');
  return found;
}

/** Attributes that only say how to draw glyphs: an outline has no use for them. */
const TEXT_ONLY = new Set([
  'x',
  'y',
  'dx',
  'dy',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'text-decoration',
  'dominant-baseline',
  'letter-spacing',
]);

const round = (n: number) => Math.round(n * 100) / 100;

export interface TextRun {
  text: string;
  x: number;
  /** The baseline. */
  y: number;
  size: number;
  bold: boolean;
  anchor: 'start' | 'middle' | 'end';
  lineThrough: boolean;
}

/** The outline of one line of text as SVG path data, or null without the font. */
export function textOutline(run: TextRun): string | null {
  const font = cjkFont(run.bold ? 'bold' : 'regular');
  if (!font) return null;
  const scale = run.size / font.unitsPerEm;
  const glyphs = [...run.text].map((char) => font.glyphForCodePoint(char.codePointAt(0)!));
  const width = glyphs.reduce((sum, glyph) => sum + glyph.advanceWidth, 0) * scale;
  const left =
    run.anchor === 'middle' ? run.x - width / 2 : run.anchor === 'end' ? run.x - width : run.x;
  const parts: string[] = [];
  let pen = left;
  const point = (px: number, py: number) =>
    `${round(pen + px * scale)} ${round(run.y - py * scale)}`;
  for (const glyph of glyphs) {
    for (const { command, args } of glyph.path.commands as PathCommand[]) {
      if (command === 'moveTo') parts.push(`M${point(args[0]!, args[1]!)}`);
      else if (command === 'lineTo') parts.push(`L${point(args[0]!, args[1]!)}`);
      else if (command === 'quadraticCurveTo')
        parts.push(`Q${point(args[0]!, args[1]!)} ${point(args[2]!, args[3]!)}`);
      else if (command === 'bezierCurveTo')
        parts.push(
          `C${point(args[0]!, args[1]!)} ${point(args[2]!, args[3]!)} ${point(args[4]!, args[5]!)}`,
        );
      else parts.push('Z');
    }
    pen += glyph.advanceWidth * scale;
  }
  if (run.lineThrough) {
    const top = run.y - font['OS/2'].yStrikeoutPosition * scale;
    const thickness = Math.max(1, font['OS/2'].yStrikeoutSize * scale);
    parts.push(
      `M${round(left)} ${round(top)}H${round(left + width)}V${round(top + thickness)}H${round(left)}Z`,
    );
  }
  return parts.join('');
}

/**
 * The SVG with each `<text>` (plain text, no `<tspan>`) replaced by a `<path>` of its outline,
 * keeping its paint (fill, opacity, transform …). Size and weight come from the element, else
 * from the root `<svg>`, else 16 and normal, as an SVG renderer would inherit them here.
 */
export function outlineSvgText(svg: string): string {
  if (!svg.includes('<text')) return svg;
  const root = attributes(/<svg\b([^>]*)>/.exec(svg)?.[1] ?? '');
  return svg.replace(
    /<text\b([^>]*)>([^<]*)<\/text>/g,
    (whole, attrSource: string, body: string) => {
      const own = attributes(attrSource);
      const read = (name: string) => own.get(name) ?? root.get(name);
      const weight = read('font-weight') ?? 'normal';
      const anchor = read('text-anchor');
      const d = textOutline({
        text: unescapeXml(body),
        x: Number.parseFloat(own.get('x') ?? '0') || 0,
        y: Number.parseFloat(own.get('y') ?? '0') || 0,
        size: Number.parseFloat(read('font-size') ?? '16') || 16,
        bold: weight === 'bold' || weight === 'bolder' || Number(weight) >= 600,
        anchor: anchor === 'middle' || anchor === 'end' ? anchor : 'start',
        lineThrough: (read('text-decoration') ?? '').includes('line-through'),
      });
      if (d === null) return whole;
      const paint = [...own]
        .filter(([name]) => !TEXT_ONLY.has(name))
        .map(([name, value]) => ` ${name}="${value}"`)
        .join('');
      return `<path d="${d}"${paint}/>`;
    },
  );
}

/** A stored picture's bytes as sharp should read them: an SVG's text outlined. */
export function pictureInput(media: { contentType: string; bytes: Uint8Array }): Uint8Array {
  if (!media.contentType.startsWith('image/svg')) return media.bytes;
  const svg = new TextDecoder().decode(media.bytes);
  const outlined = outlineSvgText(svg);
  return outlined === svg ? media.bytes : new TextEncoder().encode(outlined);
}

/** A drawn SVG layer as sharp should read it: its text outlined. */
export function svgInput(svg: string): Buffer {
  return Buffer.from(outlineSvgText(svg));
}
