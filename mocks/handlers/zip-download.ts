/**
 * Streamed ZIP answers of the imagery service (spec 01 §4.5 download=true / selected), and a control
 * knob for tests of big, refused and hostile downloads:
 *   POST {apiBaseUrl}/__mock/zip  {"targetBytes": 1073741824}   every ZIP is about that large
 *   POST {apiBaseUrl}/__mock/zip  {"cutAfterBytes": 5000000, "times": 1}   the next ZIP breaks off there
 *   POST {apiBaseUrl}/__mock/zip  {"stallAfterBytes": 20000000}   every ZIP hangs there until cancelled
 *   POST {apiBaseUrl}/__mock/zip  {"unsized": true}   no Content-Length (a ZIP streamed as it is made)
 *   POST {apiBaseUrl}/__mock/zip  {"maxImages": 30}   a ZIP of more images is refused: 413, and a body
 *                                                      naming the cap (the documents state no cap)
 *   POST {apiBaseUrl}/__mock/zip  {"hostile": "pk-html"}   every ZIP is answered 200 text/html, a page
 *        that starts "PK" and carries a script; "zip-html": the same after a whole local-file signature
 *   POST {apiBaseUrl}/__mock/zip  {}                               back to normal
 *   GET  {apiBaseUrl}/__mock/zip   the knobs, and `hostileRan`: how often a hostile page's script ran
 * A hostile page's script writes a marker to localStorage and requests
 * {apiBaseUrl}/__mock/hostile-ran, which counts it: a test asserts both never happened.
 * With a target size each image entry is its JPEG followed by zeros (readers stop at the JPEG's end),
 * so the archive is as large as asked while nothing of it is held in memory.
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import { mockState, onMockReset } from '../state';
import { streamZip, zipOverhead, zipStreamLength, ZIP32_MAX, type StreamEntry } from '../data/zip-stream';
import { errorResponse, jsonResponse } from './common';

const HOSTILE = ['pk-html', 'zip-html'] as const;
type Hostile = (typeof HOSTILE)[number];

interface ZipKnobs {
  targetBytes?: number;
  cutAfterBytes?: number;
  /** How many ZIPs the cut applies to; absent = until cleared. */
  cutTimes?: number;
  stallAfterBytes?: number;
  unsized?: boolean;
  maxImages?: number;
  hostile?: Hostile;
}

const knobs: ZipKnobs = {};
let hostileRan = 0;
/** Where a hostile page reports that its script ran (set with the handlers: the main host). */
let beaconUrl = '/__mock/hostile-ran';
const clear = () => {
  for (const k of Object.keys(knobs)) delete knobs[k as keyof ZipKnobs];
};
onMockReset(() => {
  clear();
  hostileRan = 0;
});

const MIN_PADDED_ENTRY = 64 * 1024;

/** The page a hostile service might send instead of a ZIP: if its script ever runs, it is counted. */
function hostilePage(kind: Hostile): Uint8Array {
  const script =
    `localStorage.setItem('hostile-download', location.href);` +
    `new Image().src = ${JSON.stringify(beaconUrl)} + '?at=' + encodeURIComponent(location.href);`;
  const html = `<!doctype html><html><body><h1>Not a ZIP</h1><script>${script}</script></body></html>`;
  const text = new TextEncoder().encode(html);
  const head = kind === 'pk-html' ? [0x50, 0x4b] : [0x50, 0x4b, 0x03, 0x04];
  const out = new Uint8Array(head.length + text.length);
  out.set(head);
  out.set(text, head.length);
  return out;
}

/** A 200 with the archive streamed as it is read; `Content-Length` when the size is known up front. */
export function streamedZipResponse(
  files: ReadonlyArray<{ name: string; bytes: () => Uint8Array }>,
  filename: string,
): Response {
  if (knobs.maxImages !== undefined && files.length > knobs.maxImages)
    return errorResponse(
      413,
      `Too many images for one ZIP: ${files.length} requested, at most ${knobs.maxImages} per download. Narrow the date range or use freq=hourly or freq=daily.`,
    );
  if (knobs.hostile) {
    const body = hostilePage(knobs.hostile);
    const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=utf-8' };
    if (!knobs.unsized) headers['Content-Length'] = String(body.length);
    return new HttpResponse(body, { status: 200, headers });
  }
  let entries: StreamEntry[] = [...files];
  if (knobs.targetBytes !== undefined && files.length > 0) {
    const per = Math.floor((knobs.targetBytes - zipOverhead(files.map((f) => f.name))) / files.length);
    entries = files.map((f) => ({ ...f, paddedSize: Math.max(MIN_PADDED_ENTRY, per) }));
  }
  let cutAfterBytes: number | undefined;
  if (knobs.cutAfterBytes !== undefined) {
    cutAfterBytes = knobs.cutAfterBytes;
    if (knobs.cutTimes !== undefined && --knobs.cutTimes <= 0) {
      delete knobs.cutAfterBytes;
      delete knobs.cutTimes;
    }
  }
  const length = knobs.unsized ? undefined : zipStreamLength(entries);
  const headers: Record<string, string> = {
    'Content-Type': 'application/zip',
    'Content-Disposition': `attachment; filename="${filename}"`,
  };
  if (length !== undefined) headers['Content-Length'] = String(length);
  const stream = streamZip(entries, { modified: mockState.now, cutAfterBytes, stallAfterBytes: knobs.stallAfterBytes });
  return new HttpResponse(stream, { status: 200, headers });
}

export function zipControlHandlers(apiBaseUrl: string): RequestHandler[] {
  beaconUrl = `${apiBaseUrl}/__mock/hostile-ran`;
  return [
    http.get(`${apiBaseUrl}/__mock/zip`, () => jsonResponse({ ...knobs, hostileRan })),
    http.all(`${apiBaseUrl}/__mock/hostile-ran`, () => {
      hostileRan++;
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(`${apiBaseUrl}/__mock/zip`, async ({ request }) => {
      let body: Record<string, unknown>;
      try {
        body = (await request.json()) as Record<string, unknown>;
      } catch {
        return jsonResponse({ ok: false, error: 'body must be JSON' }, 400);
      }
      const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined);
      const target = num(body.targetBytes);
      if (target !== undefined && target > ZIP32_MAX)
        return jsonResponse({ ok: false, error: 'targetBytes: at most 4 GiB' }, 400);
      if (body.hostile !== undefined && !HOSTILE.includes(body.hostile as Hostile))
        return jsonResponse({ ok: false, error: `hostile: one of ${HOSTILE.join(', ')}` }, 400);
      const max = num(body.maxImages);
      if (body.maxImages !== undefined && (max === undefined || !Number.isInteger(max) || max < 1))
        return jsonResponse({ ok: false, error: 'maxImages: a whole number of at least 1' }, 400);
      clear();
      if (target !== undefined) knobs.targetBytes = target;
      const cut = num(body.cutAfterBytes);
      if (cut !== undefined) knobs.cutAfterBytes = cut;
      const times = num(body.times);
      if (times !== undefined) knobs.cutTimes = times;
      const stall = num(body.stallAfterBytes);
      if (stall !== undefined) knobs.stallAfterBytes = stall;
      if (body.unsized === true) knobs.unsized = true;
      if (max !== undefined) knobs.maxImages = max;
      if (body.hostile !== undefined) knobs.hostile = body.hostile as Hostile;
      return jsonResponse({ ok: true, ...knobs });
    }),
  ];
}
