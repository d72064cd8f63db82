/**
 * Reads CSV text back into records (RFC 4180: CRLF or LF record ends, quoted fields with doubled quotes, commas and
 * line breaks inside quotes), dropping a leading UTF-8 byte order mark. For the tests that read the payments export
 * back (server/http/payment-routes.test.ts, e2e/payments.spec.ts): a reader of their own, so a writer bug is not
 * mirrored by the same code reading it. Throws on a quote in the middle of an unquoted field or an unclosed quote.
 */
export const readCsv = (text: string): string[][] => {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  while (i < input.length) {
    const c = input[i];
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (c === '"') {
        quoted = false;
        i += 1;
      } else {
        field += c;
        i += 1;
      }
    } else if (c === '"') {
      if (field !== '') throw new Error(`a quote inside an unquoted field at ${i}`);
      quoted = true;
      i += 1;
    } else if (c === ',') {
      endField();
      i += 1;
    } else if (c === '\r' && input[i + 1] === '\n') {
      endRecord();
      i += 2;
    } else if (c === '\n') {
      endRecord();
      i += 1;
    } else {
      field += c;
      i += 1;
    }
  }
  if (quoted) throw new Error('an unclosed quote');
  if (field !== '' || record.length > 0) endRecord();
  return records;
};

/** Records as objects keyed by the header row. */
export const readCsvObjects = (text: string): Record<string, string>[] => {
  const [header, ...rows] = readCsv(text);
  if (!header) return [];
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])));
};
