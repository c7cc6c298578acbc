type Column = 'image_id' | 'utc_time' | 'local_time' | 'local_zone' | 'time_resolved' | 'flags' | 'file_name';

/** A saved manifest.csv read as a user's spreadsheet would: RFC 4180, fields by header name. */
export function manifestRows(text: string): Record<Column, string>[] {
  const records: string[][] = [];
  let row: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cur);
      cur = '';
    } else if (c === '\n') {
      row.push(cur.replace(/\r$/, ''));
      records.push(row);
      row = [];
      cur = '';
    } else cur += c;
  }
  if (cur || row.length) records.push([...row, cur]);
  const [head, ...body] = records;
  return body.map((r) => Object.fromEntries((head ?? []).map((h, i) => [h, r[i] ?? ''])) as Record<Column, string>);
}
