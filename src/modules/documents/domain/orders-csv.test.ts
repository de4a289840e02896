import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OrderState } from '../../ordering/index.js';
import { parseCsv } from '../../../../tests/support/parse-csv.js';
import { dhakaDay } from '../../../shared/shop-time.js';
import { csvByteOrderMark, csvCell, csvRow, describeLine, dhakaMinute, orderCsvRow, ordersCsvColumns, ordersCsvHeader } from './orders-csv.js';

const dangerous = ['=', '+', '-', '@', '\t', '\r'];
/** The fullwidth and small forms of = + - @, and the minus sign (issue 40). */
const lookAlikes = ['\uFF1D', '\uFF0B', '\uFF0D', '\uFF20', '\uFE66', '\uFE62', '\uFE63', '\uFE6B', '\u2212'];
/** What a spreadsheet may skip or not show before a formula: spaces, zero-width and bidi controls, the BOM. */
const invisible = [' ', '\u00A0', '\u3000', '\n', '\u00AD', '\u200B', '\u200C', '\u200D', '\u200E', '\u200F', '\u2060', '\uFEFF', '\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u061C'];
const defended = (s: string) => {
  for (const ch of s) {
    if (dangerous.includes(ch) || lookAlikes.includes(ch)) return `'${s}`;
    if (!invisible.includes(ch) && !/^[\s\p{Cf}]$/u.test(ch)) return s;
  }
  return s;
};

describe('CSV cells (RFC 4180)', () => {
  it('any strings come back from a parser as written, a formula-like start behind an apostrophe', () => {
    const text = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: fc.constantFrom('"', ',', '\r', '\n', '=', '+', '-', '@', '\t', 'a', 'অ', ' ', '\u200B', '\uFEFF', '\u202E', '\uFF1D', '\uFF20') }));
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 6 }), (cells) => {
        expect(parseCsv(csvRow(cells))).toEqual([cells.map(defended)]);
      }),
      { numRuns: 500 },
    );
  });

  it('a formula behind invisible characters, or written with fullwidth signs, is behind an apostrophe too (issue 40)', () => {
    const lead = fc.array(fc.constantFrom(...invisible), { maxLength: 4 });
    const sign = fc.constantFrom(...dangerous, ...lookAlikes);
    fc.assert(
      fc.property(lead, sign, fc.string(), (before, first, rest) => {
        const cell = before.join('') + first + rest;
        expect(parseCsv(csvRow([cell]))).toEqual([[`'${cell}`]]);
      }),
      { numRuns: 500 },
    );
    expect(csvCell('\u200B=HYPERLINK("http://x")')).toBe('"\'\u200B=HYPERLINK(""http://x"")"');
    expect(csvCell('\uFF1DSUM(A1)')).toBe("'\uFF1DSUM(A1)");
    expect(csvCell('\u202E\u2066@SUM(A1)')).toBe("'\u202E\u2066@SUM(A1)");
    expect(csvCell('\u200Babc')).toBe('\u200Babc');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('several records parse back as records', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string(), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (rows) => {
        expect(parseCsv(rows.map((r) => csvRow(r)).join(''))).toEqual(rows.map((r) => r.map(defended)));
      }),
    );
  });

  it('quotes only what needs quoting, and defends formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('+8801712345678')).toBe("'+8801712345678");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe('"\'\rx"');
    expect(csvCell('রহিম, ঢাকা')).toBe('"রহিম, ঢাকা"');
    expect(csvCell(1200)).toBe('1200');
    expect(csvCell(7.5)).toBe('7.5');
  });
});

describe('the orders file', () => {
  const order: OrderState = {
    id: 'o1',
    placed: {
      owner: { userId: 'u1', email: 'rina@example.com' },
      name: '=cmd|"/c calc"!A1',
      phone: '+8801712345678',
      address: 'বাড়ি ৫, রোড ২, ধানমন্ডি\nDhaka',
      deliveryLocation: 'Inside Dhaka',
      paymentMethod: 'Cash On Delivery',
      appliedCoupon: 'EID10',
      discountBasisPoints: 1000,
      lines: [
        { productId: 'p1', title: 'Fox Tee', category: 'Tees', image: '', size: 'M', color: 'Red', quantity: 2, unitPrice: 1200, price: 2400 },
        { productId: 'p2', title: 'Booster Box', category: 'Cards', image: '', size: '', color: '', quantity: 1, unitPrice: 500, price: 500 },
      ],
      subtotal: 2900,
      discount: 290,
      fee: 60,
      total: 2670,
      orderNumber: 10042,
    },
    status: 'Canceled',
    removed: false,
    canceledBy: 'shop',
    canceledAt: new Date('2026-11-25T10:00:00Z'),
    placedAt: new Date('2026-11-24T18:30:00Z'),
    updatedAt: new Date('2026-11-25T10:00:00Z'),
    version: 2,
  };

  it('starts with the byte order mark and the English header', () => {
    const header = ordersCsvHeader();
    expect(header.startsWith(csvByteOrderMark)).toBe(true);
    expect(parseCsv(header.slice(1))).toEqual([[...ordersCsvColumns]]);
  });

  it("an order's record: every column, Dhaka time, lines described", () => {
    const [cells] = parseCsv(orderCsvRow(order));
    expect(Object.fromEntries(ordersCsvColumns.map((c, i) => [c, cells?.[i]]))).toEqual({
      'Order number': '10042',
      'Placed at': '2026-11-25 00:30',
      Status: 'Canceled',
      'Canceled by': 'Shop',
      'Customer name': `'=cmd|"/c calc"!A1`,
      Email: 'rina@example.com',
      Phone: "'+8801712345678",
      Address: 'বাড়ি ৫, রোড ২, ধানমন্ডি\nDhaka',
      'Delivery zone': 'Inside Dhaka',
      'Payment method': 'Cash On Delivery',
      Coupon: 'EID10',
      'Discount %': '10',
      'Subtotal (BDT)': '2900',
      'Discount (BDT)': '290',
      'Delivery fee (BDT)': '60',
      'Total (BDT)': '2670',
      'Items (count)': '3',
      Lines: '2 x Fox Tee (M, Red) @ 1200; 1 x Booster Box @ 500',
      'bKash advance (BDT)': '0',
      'bKash trxID': '',
      'Refunded (BDT)': '0',
    });
  });

  it('lines name the size or the color alone when only one is set', () => {
    const line = order.placed.lines[0]!;
    expect(describeLine({ ...line, color: '' })).toBe('2 x Fox Tee (M) @ 1200');
    expect(describeLine({ ...line, size: '' })).toBe('2 x Fox Tee (Red) @ 1200');
  });

  it('Dhaka days and minutes are UTC+06:00 all year', () => {
    expect(dhakaMinute(new Date('2026-06-30T17:59:59Z'))).toBe('2026-06-30 23:59');
    expect(dhakaMinute(new Date('2026-06-30T18:00:00Z'))).toBe('2026-07-01 00:00');
    expect(dhakaDay(new Date('2026-12-31T18:00:00Z'))).toBe('2027-01-01');
  });
});
