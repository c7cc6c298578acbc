/**
 * A ZIP's `manifest.csv`: one row per image, saying when it was taken in UTC and at the site, how
 * that time was read (a fall-back hour's pass, a converted zone), its quality flags and its file.
 * RFC 4180: comma-separated, CRLF line ends, fields with a comma, quote or line break quoted.
 */
export interface ManifestRow {
  imageId: string;
  /** ISO 8601 with `Z`, or empty when unknown. */
  utc: string;
  /** The site's wall time `YYYY-MM-DD HH:MM:SS`, or empty when unknown. */
  local: string;
  /** The zone of `local`: its offset and IANA name (`UTC+01:00 Atlantic/Canary`), or "unknown". */
  zone: string;
  /** How the time was read. */
  resolved: string;
  /** `is_empty=no; is_degraded=unknown; …` */
  flags: string;
  fileName: string;
}

export const MANIFEST_HEADER = [
  'image_id',
  'utc_time',
  'local_time',
  'local_zone',
  'time_resolved',
  'flags',
  'file_name',
];

function field(s: string): string {
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function manifestCsv(rows: readonly ManifestRow[]): string {
  const lines = [MANIFEST_HEADER.join(',')];
  for (const r of rows)
    lines.push([r.imageId, r.utc, r.local, r.zone, r.resolved, r.flags, r.fileName].map(field).join(','));
  return lines.join('\r\n') + '\r\n';
}

/** The rows of a manifest read back (tests, and a check of a saved one): fields by header name. */
export function parseManifestCsv(text: string): Record<string, string>[] {
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
  return body.map((r) => Object.fromEntries((head ?? []).map((h, i) => [h, r[i] ?? ''])));
}
