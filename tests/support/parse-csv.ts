// The tests' own RFC 4180 reader (strict: a bare quote or LF outside quotes, or a record without
// its CRLF, is an error), so that what the shop writes is checked against the RFC, not against itself.

/** A small RFC 4180 reader: records of fields, CRLF between records, quoted fields may hold anything. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  const field = (): string => {
    if (text[i] !== '"') {
      const start = i;
      while (i < text.length && text[i] !== ',' && text[i] !== '\r') {
        if (text[i] === '"' || text[i] === '\n') throw new Error(`bare ${JSON.stringify(text[i])} at ${i}`);
        i++;
      }
      return text.slice(start, i);
    }
    let value = '';
    i++;
    for (;;) {
      if (i >= text.length) throw new Error('unterminated quoted field');
      if (text[i] === '"') {
        if (text[i + 1] === '"') {
          value += '"';
          i += 2;
          continue;
        }
        i++;
        return value;
      }
      value += text[i++];
    }
  };
  while (i < text.length) {
    record.push(field());
    if (text[i] === ',') {
      i++;
      continue;
    }
    if (text.slice(i, i + 2) !== '\r\n') throw new Error(`expected CRLF at ${i}`);
    i += 2;
    records.push(record);
    record = [];
  }
  if (record.length) throw new Error('last record without CRLF');
  return records;
}
