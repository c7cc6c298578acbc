/** One day of RSAM for AV.CLCL..BHZ, as the API tests request and answer it. */
export const RSAM_URL = 'http://api.test/api/seismic/rsam';
export const CLCL = { network: 'AV', station: 'CLCL', location: '', channel: 'BHZ' };
export const ONE_DAY = { channel: CLCL, from: Date.UTC(2025, 0, 1), to: Date.UTC(2025, 0, 1) };

export function rsamBody(points: unknown[] = [{ time: '2025-01-01T00:00:00Z', rsam_counts: 12.5 }]) {
  return {
    series: [{ ...CLCL, window_sec: 60, points }],
    datefrom: '20250101',
    dateto: '20250101',
    query: { ...CLCL, datefrom: '20250101', dateto: '20250101' },
  };
}

/** A JSON value as the bytes a transport hands the parse worker. */
export const bytesOf = (v: unknown) => new TextEncoder().encode(JSON.stringify(v)).buffer;

/** An RSAM body of n one-minute points from 2025-01-01, counts i / 2. */
export const minuteRsamBody = (n: number) =>
  rsamBody(
    Array.from({ length: n }, (_, i) => ({
      time: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString().replace('.000', ''),
      rsam_counts: i / 2,
    })),
  );
