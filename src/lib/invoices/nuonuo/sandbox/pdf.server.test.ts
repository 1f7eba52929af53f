/**
 * The sandbox's invoice PDF opens: the header, a cross-reference table whose every offset lands
 * on its object, a trailer naming the catalog and the document information, every stream the
 * length it says and inflating; and it carries what a 数电 invoice shows (title, number, parties,
 * lines, 价税合计 in figures and capitals, 备注), readable as text, a red letter marked 红字.
 */
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { invoicePdf, wrap, type PrintedInvoice } from './pdf.server.ts';

const blue: PrintedInvoice = {
  special: false,
  red: false,
  invoiceNo: '26332000000000000123',
  issuedAt: new Date('2026-11-21T02:00:03Z'),
  buyer: { name: '浙江示例科技有限公司', taxNo: '91330100799655058B' },
  seller: { name: '杭州演示商贸有限公司', taxNo: '91330106MA2AYNWD8M' },
  lines: [
    {
      name: '*鞋*森野跑步鞋',
      spec: '42码 黑色',
      unit: '双',
      quantity: '1',
      price: '100',
      amountCents: 10000,
      rate: '13%',
      taxCents: 1300,
    },
  ],
  remark: '订单号 20261121000123',
  clerk: '演示开票员',
  reverses: null,
};

interface Parsed {
  objects: Map<number, string>;
  trailer: string;
  /** Every stream, inflated when it says FlateDecode. */
  streams: string[];
}

/** Reads the file as a PDF reader starts to: from startxref, through the table, to each object. */
function parsePdf(bytes: Uint8Array): Parsed {
  const file = Buffer.from(bytes);
  const text = file.toString('latin1');
  expect(text.startsWith('%PDF-1.7\n')).toBe(true);
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 4)).toBe('xref');
  const table = /^xref\n0 (\d+)\n([\s\S]*?)trailer\n(<<[\s\S]*?>>)\nstartxref/.exec(
    text.slice(startxref),
  );
  expect(table).not.toBeNull();
  const count = Number(table![1]);
  const entries = table![2]!.match(/.{20}/gs)!;
  expect(entries).toHaveLength(count);
  expect(entries[0]).toBe('0000000000 65535 f \n');
  const objects = new Map<number, string>();
  const streams: string[] = [];
  for (let i = 1; i < count; i++) {
    const [offset, , kind] = entries[i]!.trim().split(' ');
    expect(kind).toBe('n');
    const start = Number(offset);
    expect(text.slice(start).startsWith(`${i} 0 obj\n`)).toBe(true);
    const end = text.indexOf('\nendobj\n', start);
    expect(end).toBeGreaterThan(start);
    const body = text.slice(start + `${i} 0 obj\n`.length, end);
    objects.set(i, body);
    const stream = /^<< \/Length (\d+)( \/Filter \/FlateDecode)? >>\nstream\n/.exec(body);
    if (stream) {
      const dataStart = start + `${i} 0 obj\n`.length + stream[0].length;
      const length = Number(stream[1]);
      expect(text.slice(dataStart + length, dataStart + length + 10)).toBe('\nendstream');
      const data = file.subarray(dataStart, dataStart + length);
      streams.push((stream[2] ? inflateSync(data) : data).toString('latin1'));
    }
  }
  return { objects, trailer: table![3]!, streams };
}

/** The texts the page carries (its /ActualText spans), in order. */
function texts(parsed: Parsed): string[] {
  const found: string[] = [];
  for (const stream of parsed.streams) {
    for (const [, hex] of stream.matchAll(/\/ActualText <FEFF([0-9A-F]*)>/g)) {
      found.push(Buffer.from(hex!, 'hex').swap16().toString('utf16le'));
    }
  }
  return found;
}

describe('the sandbox invoice PDF', () => {
  it('parses: header, cross-reference, trailer, objects and streams', () => {
    const parsed = parsePdf(invoicePdf(blue));
    expect(parsed.trailer).toMatch(/\/Root 1 0 R/);
    expect(parsed.objects.get(1)).toMatch(/\/Type \/Catalog/);
    expect(parsed.objects.get(3)).toMatch(/\/Type \/Page .*\/MediaBox \[0 0 680 \d+/);
    expect(parsed.streams).toHaveLength(1);
    // Outlines drawn (paths filled) and the words written invisibly over them.
    expect(parsed.streams[0]).toMatch(/ c\n/);
    expect(parsed.streams[0]).toContain('BT 3 Tr /F1');
  });

  it('carries the invoice number and what a 数电 invoice shows', () => {
    const parsed = parsePdf(invoicePdf(blue));
    const shown = texts(parsed);
    expect(shown).toEqual(
      expect.arrayContaining([
        '电子发票（普通发票）',
        '发票号码：',
        '26332000000000000123',
        '开票日期：',
        '2026年11月21日',
        '浙江示例科技有限公司',
        '91330100799655058B',
        '杭州演示商贸有限公司',
        '91330106MA2AYNWD8M',
        '项目名称',
        '规格型号',
        '数量',
        '金额',
        '税率/征收率',
        '税额',
        '*鞋*森野跑步鞋',
        '42码 黑色',
        '100.00',
        '13%',
        '13.00',
        '价税合计（大写）',
        'ⓧ 壹佰壹拾叁圆整',
        '¥113.00',
        '订单号 20261121000123',
        '演示开票员',
      ]),
    );
    expect(shown).not.toContain('红字');
    // The number is also the invisible text a reader extracts, and in the document's title.
    expect(parsed.streams[0]).toContain('(26332000000000000123) Tj');
    const info = parsed.objects.get(6)!;
    const title = /\/Title <FEFF([0-9A-F]+)>/.exec(info)![1]!;
    expect(Buffer.from(title, 'hex').swap16().toString('utf16le')).toBe(
      '电子发票（普通发票） 26332000000000000123',
    );
  });

  it('marks a red letter 红字, with negative amounts and the invoice it reverses', () => {
    const red: PrintedInvoice = {
      ...blue,
      special: true,
      red: true,
      invoiceNo: '26332000000000000124',
      lines: blue.lines.map((line) => ({
        ...line,
        quantity: '-1',
        amountCents: -line.amountCents,
        taxCents: -line.taxCents,
      })),
      remark: '被红冲蓝字数电发票号码：26332000000000000123',
      reverses: '26332000000000000123',
    };
    const shown = texts(parsePdf(invoicePdf(red)));
    expect(shown).toEqual(
      expect.arrayContaining([
        '电子发票（增值税专用发票）',
        '红字',
        '-1',
        '-100.00',
        '-13.00',
        'ⓧ 负壹佰壹拾叁圆整',
        '¥-113.00',
        '被红冲蓝字数电发票号码：26332000000000000123',
      ]),
    );
  });

  it('wraps long names within their column', () => {
    expect(wrap('*纺织产品*运动袜（两双装，加厚毛圈底）', 10, 100)).toEqual([
      '*纺织产品*运动袜（',
      '两双装，加厚毛圈底）',
    ]);
    expect(wrap('', 10, 100)).toEqual(['']);
  });
});
