/**
 * The sandbox's invoice as a PDF, laid out like a 数电 invoice (240 × 141 mm): the title
 * 电子发票（普通发票）or（增值税专用发票）, 发票号码 and 开票日期, buyer and seller with their
 * 纳税人识别号, the lines (项目名称, 规格型号, 单位, 数量, 单价, 金额, 税率/征收率, 税额), 合计,
 * 价税合计 in capitals and in figures, 备注 and 开票人; a red letter is marked 红字, its amounts
 * negative, and names the blue invoice it reverses.
 *
 * The Chinese is drawn as outlines of Noto Sans CJK (media's outlineSvgText), so the file needs
 * no embedded font and looks the same everywhere; each run of text is also written invisibly
 * (text render mode 3, Helvetica for the Latin part) inside a marked-content span whose
 * /ActualText is the run in Unicode, so readers can find and copy the number and the words.
 */
import { deflateSync } from 'node:zlib';
import { outlineSvgText } from '#lib/media/index.server.ts';
import { capitals } from '../../figures.ts';

export interface PrintedLine {
  name: string;
  spec: string;
  unit: string;
  /** As the request gave them: text, negative on a red letter. */
  quantity: string;
  price: string;
  /** Cents, tax excluded. */
  amountCents: number;
  /** "13%". */
  rate: string;
  taxCents: number;
}

export interface PrintedInvoice {
  special: boolean;
  red: boolean;
  invoiceNo: string;
  issuedAt: Date;
  buyer: { name: string; taxNo: string };
  seller: { name: string; taxNo: string };
  lines: PrintedLine[];
  remark: string;
  clerk: string;
  /** A red letter: the blue invoice's number. */
  reverses: string | null;
}

export function invoiceTitle(special: boolean): string {
  return special ? '电子发票（增值税专用发票）' : '电子发票（普通发票）';
}

// ── Drawing ──

type Rgb = readonly [number, number, number];
const BROWN: Rgb = [0.6, 0.33, 0.16];
const INK: Rgb = [0.05, 0.05, 0.05];
const RED: Rgb = [0.8, 0.1, 0.1];

const n = (value: number) => (Math.round(value * 100) / 100).toString();

function utf16Hex(text: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0');
  return `<${hex.toUpperCase()}>`;
}

/** A PDF literal string of the text's Latin-1 part (other characters as '?'). */
function latinLiteral(text: string): string {
  const latin = [...text].map((c) => (c.charCodeAt(0) < 0x7f && c.charCodeAt(0) >= 0x20 ? c : '?'));
  return `(${latin.join('').replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** SVG path data (absolute M, L, Q, C, Z, H, V) as PDF path operators; its leftmost x. */
function pdfPath(d: string): { ops: string; left: number } {
  const tokens = d.match(/[MLQCZHV]|-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi) ?? [];
  const out: string[] = [];
  let i = 0;
  let cx = 0;
  let cy = 0;
  let startX = 0;
  let startY = 0;
  let left = Infinity;
  const num = () => Number(tokens[i++]);
  const see = (x: number) => {
    if (x < left) left = x;
  };
  while (i < tokens.length) {
    const command = tokens[i++]!;
    switch (command.toUpperCase()) {
      case 'M':
        cx = num();
        cy = num();
        startX = cx;
        startY = cy;
        see(cx);
        out.push(`${n(cx)} ${n(cy)} m`);
        break;
      case 'L':
        cx = num();
        cy = num();
        see(cx);
        out.push(`${n(cx)} ${n(cy)} l`);
        break;
      case 'H':
        cx = num();
        out.push(`${n(cx)} ${n(cy)} l`);
        break;
      case 'V':
        cy = num();
        out.push(`${n(cx)} ${n(cy)} l`);
        break;
      case 'Q': {
        const [qx, qy, x, y] = [num(), num(), num(), num()];
        const c1x = cx + (2 / 3) * (qx - cx);
        const c1y = cy + (2 / 3) * (qy - cy);
        const c2x = x + (2 / 3) * (qx - x);
        const c2y = y + (2 / 3) * (qy - y);
        out.push(`${n(c1x)} ${n(c1y)} ${n(c2x)} ${n(c2y)} ${n(x)} ${n(y)} c`);
        cx = x;
        cy = y;
        see(x);
        break;
      }
      case 'C': {
        const values = [num(), num(), num(), num(), num(), num()];
        out.push(`${values.map(n).join(' ')} c`);
        cx = values[4]!;
        cy = values[5]!;
        see(cx);
        break;
      }
      case 'Z':
        out.push('h');
        cx = startX;
        cy = startY;
        break;
      default:
        // A number where a command was due: not our outline's shape; stop rather than guess.
        i = tokens.length;
    }
  }
  return { ops: out.join('\n'), left: left === Infinity ? 0 : left };
}

interface TextOptions {
  bold?: boolean;
  anchor?: 'start' | 'middle' | 'end';
  color?: Rgb;
}

/** Page content in top-left coordinates (y down), as SVG and the layout below think. */
class Canvas {
  readonly ops: string[] = [];
  readonly width: number;
  readonly height: number;

  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
    this.ops.push(`1 0 0 -1 0 ${n(height)} cm`);
  }

  private fill(color: Rgb) {
    this.ops.push(`${color.map(n).join(' ')} rg`);
  }

  text(text: string, x: number, y: number, size: number, options: TextOptions = {}): void {
    if (!text) return;
    const anchor = options.anchor ?? 'start';
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg"><text x="${n(x)}" y="${n(y)}" font-size="${n(size)}"` +
      `${options.bold ? ' font-weight="bold"' : ''} text-anchor="${anchor}">${escapeXml(text)}</text></svg>`;
    const d = /<path d="([^"]*)"/.exec(outlineSvgText(svg))?.[1];
    this.ops.push(`/Span <</ActualText ${utf16Hex(text)}>> BDC`);
    this.fill(options.color ?? INK);
    if (d) {
      const path = pdfPath(d);
      // The words, invisible, where the outlines are: for search and copy.
      this.ops.push(
        `BT 3 Tr /F1 ${n(size)} Tf 1 0 0 -1 ${n(path.left)} ${n(y)} Tm ${latinLiteral(text)} Tj ET`,
      );
      this.ops.push(path.ops, 'f');
    } else {
      // No CJK font on this machine: the Latin part drawn in Helvetica, the rest as '?'.
      const width = text.length * size * 0.55;
      const left = anchor === 'middle' ? x - width / 2 : anchor === 'end' ? x - width : x;
      this.ops.push(
        `BT /F1 ${n(size)} Tf 1 0 0 -1 ${n(left)} ${n(y)} Tm ${latinLiteral(text)} Tj ET`,
      );
    }
    this.ops.push('EMC');
  }

  line(x1: number, y1: number, x2: number, y2: number, width = 0.6, color: Rgb = BROWN): void {
    this.ops.push(
      `${color.map(n).join(' ')} RG ${n(width)} w ${n(x1)} ${n(y1)} m ${n(x2)} ${n(y2)} l S`,
    );
  }

  rect(x: number, y: number, w: number, h: number, width = 0.8, color: Rgb = BROWN): void {
    this.ops.push(
      `${color.map(n).join(' ')} RG ${n(width)} w ${n(x)} ${n(y)} ${n(w)} ${n(h)} re S`,
    );
  }
}

// ── Layout ──

/** A rough width: CJK characters are a square, others about half of one. */
function widthOf(text: string, size: number): number {
  let width = 0;
  for (const c of text) width += c.charCodeAt(0) > 0x2e80 ? size : size * 0.56;
  return width;
}

/** The text broken into lines no wider than `max`. */
export function wrap(text: string, size: number, max: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const c of text) {
    if (c === '\n') {
      lines.push(current);
      current = '';
      continue;
    }
    if (current && widthOf(current + c, size) > max) {
      lines.push(current);
      current = '';
    }
    current += c;
  }
  if (current || lines.length === 0) lines.push(current);
  return lines;
}

const money = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

const PAGE_W = 680;
const LEFT = 30;
const RIGHT = 650;
const ROW = 13;
const SIZE = 8.5;

function dateText(at: Date): string {
  const china = new Date(at.getTime() + 8 * 3_600_000);
  const y = china.getUTCFullYear();
  const m = String(china.getUTCMonth() + 1).padStart(2, '0');
  const d = String(china.getUTCDate()).padStart(2, '0');
  return `${y}年${m}月${d}日`;
}

function layout(invoice: PrintedInvoice): Canvas {
  const nameWidth = 150;
  const rows = invoice.lines.map((line) => wrap(line.name, SIZE, nameWidth));
  const remarkLines = wrap(invoice.remark, SIZE, RIGHT - LEFT - 60);
  const itemsHeight = Math.max(100, rows.reduce((sum, r) => sum + r.length * ROW + 4, 0) + 24);
  const remarkHeight = Math.max(40, remarkLines.length * ROW + 14);
  const frameTop = 80;
  const partiesBottom = frameTop + 62;
  const itemsBottom = partiesBottom + itemsHeight;
  const totalsBottom = itemsBottom + 26;
  const frameBottom = totalsBottom + remarkHeight;
  const height = frameBottom + 40;
  const c = new Canvas(PAGE_W, height);

  // Title, its double rule, and the red letter's mark.
  const title = invoiceTitle(invoice.special);
  c.text(title, PAGE_W / 2, 44, 19, { bold: true, anchor: 'middle', color: BROWN });
  c.line(PAGE_W / 2 - 120, 52, PAGE_W / 2 + 120, 52, 0.8);
  c.line(PAGE_W / 2 - 120, 55, PAGE_W / 2 + 120, 55, 0.8);
  if (invoice.red) {
    c.rect(LEFT + 4, 28, 44, 24, 1.4, RED);
    c.text('红字', LEFT + 26, 45, 14, { bold: true, anchor: 'middle', color: RED });
  }
  c.text('发票号码：', 470, 38, SIZE, { color: BROWN });
  c.text(invoice.invoiceNo, 514, 38, SIZE);
  c.text('开票日期：', 470, 56, SIZE, { color: BROWN });
  c.text(dateText(invoice.issuedAt), 514, 56, SIZE);

  // The frame and the parties.
  c.rect(LEFT, frameTop, RIGHT - LEFT, frameBottom - frameTop);
  const middle = (LEFT + RIGHT) / 2;
  c.line(LEFT, partiesBottom, RIGHT, partiesBottom);
  c.line(middle, frameTop, middle, partiesBottom);
  const party = (label: string, x: number, who: { name: string; taxNo: string }) => {
    c.line(x + 20, frameTop, x + 20, partiesBottom);
    [...label].forEach((ch, i) =>
      c.text(ch, x + 10, frameTop + 14 + i * 10.5, SIZE, { anchor: 'middle', color: BROWN }),
    );
    c.text('名称：', x + 26, frameTop + 24, SIZE, { color: BROWN });
    const nameLines = wrap(who.name, SIZE, middle - LEFT - 70);
    nameLines.slice(0, 2).forEach((text, i) => c.text(text, x + 52, frameTop + 24 + i * 11, SIZE));
    c.text('统一社会信用代码/纳税人识别号：', x + 26, frameTop + 50, SIZE, { color: BROWN });
    c.text(who.taxNo, x + 160, frameTop + 50, SIZE);
  };
  party('购买方信息', LEFT, invoice.buyer);
  party('销售方信息', middle, invoice.seller);

  // The lines.
  const columns = {
    name: LEFT + 8,
    spec: 205,
    unit: 290,
    quantity: 352,
    price: 420,
    amount: 500,
    rate: 545,
    tax: RIGHT - 8,
  };
  const headerY = partiesBottom + 14;
  c.text('项目名称', columns.name + 50, headerY, SIZE, { anchor: 'middle', color: BROWN });
  c.text('规格型号', columns.spec + 30, headerY, SIZE, { anchor: 'middle', color: BROWN });
  c.text('单位', columns.unit + 12, headerY, SIZE, { anchor: 'middle', color: BROWN });
  c.text('数量', columns.quantity - 16, headerY, SIZE, { anchor: 'middle', color: BROWN });
  c.text('单价', columns.price - 24, headerY, SIZE, { anchor: 'middle', color: BROWN });
  c.text('金额', columns.amount - 26, headerY, SIZE, { anchor: 'middle', color: BROWN });
  c.text('税率/征收率', columns.rate, headerY, SIZE, { anchor: 'middle', color: BROWN });
  c.text('税额', columns.tax - 30, headerY, SIZE, { anchor: 'middle', color: BROWN });
  let y = headerY + 16;
  invoice.lines.forEach((line, i) => {
    const nameLines = rows[i]!;
    nameLines.forEach((text, j) => c.text(text, columns.name, y + j * ROW, SIZE));
    c.text(line.spec, columns.spec, y, SIZE);
    c.text(line.unit, columns.unit, y, SIZE);
    c.text(line.quantity, columns.quantity, y, SIZE, { anchor: 'end' });
    c.text(line.price, columns.price, y, SIZE, { anchor: 'end' });
    c.text(money(line.amountCents), columns.amount, y, SIZE, { anchor: 'end' });
    c.text(line.rate, columns.rate, y, SIZE, { anchor: 'middle' });
    c.text(money(line.taxCents), columns.tax, y, SIZE, { anchor: 'end' });
    y += nameLines.length * ROW + 4;
  });
  const excluded = invoice.lines.reduce((s, l) => s + l.amountCents, 0);
  const tax = invoice.lines.reduce((s, l) => s + l.taxCents, 0);
  c.text('合　　计', columns.name + 50, itemsBottom - 8, SIZE, { anchor: 'middle', color: BROWN });
  c.text(`¥${money(excluded)}`, columns.amount, itemsBottom - 8, SIZE, { anchor: 'end' });
  c.text(`¥${money(tax)}`, columns.tax, itemsBottom - 8, SIZE, { anchor: 'end' });

  // 价税合计.
  c.line(LEFT, itemsBottom, RIGHT, itemsBottom);
  c.line(LEFT, totalsBottom, RIGHT, totalsBottom);
  const totalY = itemsBottom + 17;
  c.text('价税合计（大写）', LEFT + 8, totalY, SIZE, { color: BROWN });
  c.text(`ⓧ ${capitals(excluded + tax)}`, LEFT + 110, totalY, SIZE + 0.5, { bold: true });
  c.text('（小写）', 470, totalY, SIZE, { color: BROWN });
  c.text(`¥${money(excluded + tax)}`, 510, totalY, SIZE + 0.5, { bold: true });

  // 备注.
  c.line(LEFT + 40, totalsBottom, LEFT + 40, frameBottom);
  c.text('备', LEFT + 20, totalsBottom + 16, SIZE, { anchor: 'middle', color: BROWN });
  c.text('注', LEFT + 20, totalsBottom + 30, SIZE, { anchor: 'middle', color: BROWN });
  remarkLines.forEach((text, i) => c.text(text, LEFT + 48, totalsBottom + 16 + i * ROW, SIZE));

  c.text('开票人：', LEFT + 8, frameBottom + 20, SIZE, { color: BROWN });
  c.text(invoice.clerk, LEFT + 44, frameBottom + 20, SIZE);
  return c;
}

// ── The file ──

function pdfDate(at: Date): string {
  return `D:${at.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
}

/** The invoice as a PDF file. */
export function invoicePdf(invoice: PrintedInvoice): Uint8Array<ArrayBuffer> {
  const canvas = layout(invoice);
  const content = deflateSync(Buffer.from(canvas.ops.join('\n'), 'latin1'));
  const title = `${invoiceTitle(invoice.special)}${invoice.red ? '（红字）' : ''} ${invoice.invoiceNo}`;
  const objects: (string | Buffer)[] = [
    '<< /Type /Catalog /Pages 2 0 R /MarkInfo << /Marked true >> /Lang (zh-CN) >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${n(canvas.width)} ${n(canvas.height)}] ` +
      '/Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    Buffer.concat([
      Buffer.from(`<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
      content,
      Buffer.from('\nendstream', 'latin1'),
    ]),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Title ${utf16Hex(title)} /Subject ${utf16Hex(`发票号码 ${invoice.invoiceNo}`)} ` +
      `/Author ${utf16Hex(invoice.seller.name)} /Producer (nuonuo sandbox) ` +
      `/CreationDate (${pdfDate(invoice.issuedAt)}) >>`,
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(chunk);
    offset += chunk.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>`,
    'startxref',
    String(offset),
    '%%EOF',
    '',
  ].join('\n');
  parts.push(Buffer.from(xref, 'latin1'));
  return new Uint8Array(Buffer.concat(parts));
}
