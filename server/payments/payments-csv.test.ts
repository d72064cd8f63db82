import { describe, expect, it } from 'vitest';
import { readCsv, readCsvObjects } from '@/server/payments/csv-reader';
import { splitFee, type ExportRow } from '@/server/payments/payment-store';
import { BOM, csvField, decimalAmount, paymentsCsv } from '@/server/payments/payments-csv';

const row = (patch: Partial<ExportRow> = {}): ExportRow => ({
  date: '2026-11-17',
  reference: 'TPP-00001-20261116',
  description: 'Job 8: Plymouth to Kings Worthy',
  status: 'pending',
  amount: 25300,
  fee: 0,
  ...patch,
});

describe('the payments CSV', () => {
  it('quotes only the fields that need it, doubling their quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
  });

  it('writes pence as dot decimals with two places, whatever the sign', () => {
    expect(decimalAmount(12345)).toBe('123.45');
    expect(decimalAmount(5)).toBe('0.05');
    expect(decimalAmount(100)).toBe('1.00');
    expect(decimalAmount(0)).toBe('0.00');
    expect(decimalAmount(-513)).toBe('-5.13');
  });

  it('starts with the BOM and the header, ends every record with CRLF, and reads back as written', () => {
    const tricky = 'Piano, "Steinway"\r\nsecond floor — Zoë';
    const text = paymentsCsv(
      [row(), row({ description: tricky, amount: 1234, fee: 100, status: 'transferred' })],
      'EUR',
    );
    expect(text.startsWith(`${BOM}date,reference,description,status,amount,fee,net,currency\r\n`)).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(readCsv(text)).toHaveLength(3);
    expect(readCsvObjects(text)[1]).toEqual({
      date: '2026-11-17',
      reference: 'TPP-00001-20261116',
      description: tricky,
      status: 'transferred',
      amount: '12.34',
      fee: '1.00',
      net: '11.34',
      currency: 'EUR',
    });
  });

  it('defuses a description a spreadsheet would run as a formula', () => {
    for (const formula of ['=1+1', '+44 7700', '-2', '@SUM(A1)', '\tx']) {
      const [, record] = readCsvObjects(paymentsCsv([row({ description: formula })], 'GBP'))
        .entries()
        .next().value!;
      expect(record.description).toBe(`'${formula}`);
    }
  });

  it('writes only the header for an empty range', () => {
    expect(paymentsCsv([], 'GBP')).toBe(`${BOM}date,reference,description,status,amount,fee,net,currency\r\n`);
  });
});

describe('the CSV reader of the tests', () => {
  it('refuses a stray quote and an unclosed one', () => {
    expect(() => readCsv('a"b\r\n')).toThrow();
    expect(() => readCsv('"open\r\n')).toThrow();
  });

  it('reads LF record ends and a last record without one', () => {
    expect(readCsv('a,b\nc,d')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });
});

describe('a payout fee shared among its items', () => {
  it('is in proportion to the amounts and adds up to the fee', () => {
    const shares = splitFee(429, [
      { id: 1, amount: 14_300 },
      { id: 2, amount: 14_300 },
    ]);
    expect([...shares.values()].reduce((a, b) => a + b, 0)).toBe(429);
    expect(shares.get(1)).toBe(215);
    expect(shares.get(2)).toBe(214);
  });

  it('gives odd pence to the largest remainders and survives zero amounts', () => {
    const shares = splitFee(100, [
      { id: 1, amount: 1 },
      { id: 2, amount: 1 },
      { id: 3, amount: 1 },
    ]);
    expect([...shares.values()].sort()).toEqual([33, 33, 34]);
    expect(
      [
        ...splitFee(7, [
          { id: 9, amount: 0 },
          { id: 10, amount: 0 },
        ]).values(),
      ].reduce((a, b) => a + b, 0),
    ).toBe(7);
    expect(splitFee(5, []).size).toBe(0);
  });
});
