/**
 * Streamed ZIP answers of the imagery service (spec 01 §4.5 download=true / selected), and a control
 * knob for tests of big downloads:
 *   POST {apiBaseUrl}/__mock/zip  {"targetBytes": 1073741824}   every ZIP is about that large
 *   POST {apiBaseUrl}/__mock/zip  {"cutAfterBytes": 5000000, "times": 1}   the next ZIP breaks off there
 *   POST {apiBaseUrl}/__mock/zip  {"stallAfterBytes": 20000000}   every ZIP hangs there until cancelled
 *   POST {apiBaseUrl}/__mock/zip  {}                               back to normal
 * With a target size each image entry is its JPEG followed by zeros (readers stop at the JPEG's end),
 * so the archive is as large as asked while nothing of it is held in memory.
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import { mockState, onMockReset } from '../state';
import { streamZip, zipOverhead, zipStreamLength, ZIP32_MAX, type StreamEntry } from '../data/zip-stream';
import { jsonResponse } from './common';

interface ZipKnobs {
  targetBytes?: number;
  cutAfterBytes?: number;
  /** How many ZIPs the cut applies to; absent = until cleared. */
  cutTimes?: number;
  stallAfterBytes?: number;
}

const knobs: ZipKnobs = {};
const clear = () => {
  delete knobs.targetBytes;
  delete knobs.cutAfterBytes;
  delete knobs.cutTimes;
  delete knobs.stallAfterBytes;
};
onMockReset(clear);

const MIN_PADDED_ENTRY = 64 * 1024;

/** A 200 with the archive streamed as it is read; `Content-Length` when the size is known up front. */
export function streamedZipResponse(
  files: ReadonlyArray<{ name: string; bytes: () => Uint8Array }>,
  filename: string,
): Response {
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
  const length = zipStreamLength(entries);
  const headers: Record<string, string> = {
    'Content-Type': 'application/zip',
    'Content-Disposition': `attachment; filename="${filename}"`,
  };
  if (length !== undefined) headers['Content-Length'] = String(length);
  const stream = streamZip(entries, { modified: mockState.now, cutAfterBytes, stallAfterBytes: knobs.stallAfterBytes });
  return new HttpResponse(stream, { status: 200, headers });
}

export function zipControlHandlers(apiBaseUrl: string): RequestHandler[] {
  return [
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
      clear();
      if (target !== undefined) knobs.targetBytes = target;
      const cut = num(body.cutAfterBytes);
      if (cut !== undefined) knobs.cutAfterBytes = cut;
      const times = num(body.times);
      if (times !== undefined) knobs.cutTimes = times;
      const stall = num(body.stallAfterBytes);
      if (stall !== undefined) knobs.stallAfterBytes = stall;
      return jsonResponse({ ok: true, ...knobs });
    }),
  ];
}
