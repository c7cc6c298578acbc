/** Legacy v1 imagery host (spec 02): per-type query, record by id, files, and their query options. */
import { t } from '@lingui/core/macro';
import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { int } from './decode/schema-parts';
import type { ImageType } from '../domain/volcanoes';
import { legacyBase } from './hosts';
import { ApiError } from './http/errors';
import { ENDPOINT_LABELS } from './endpoints';
import { failureError } from './decode/decode-failure';
import { fetchJson, parseJson } from './decode/json-body';
import { validate } from './decode/validate';
import { throwIfAborted } from './http/errors';
import { readBlob, readBytes } from './http/read-body';
import { fetchTransport, WorkerFailed } from './http/transport';
import { buildUrl } from './http/url';
import { legacyRecordSchema, legacySlice } from './decode/body-schemas';
import { legacyImageOf, resolveAgainst, type LegacyImage, type LegacyRecordRaw } from './decode/legacy-body';
import { send } from './http/send';
import { decodeLegacyBytes, PARSE_SLICE } from './worker/pool';
import { imageFileType, safeFileName } from './decode/image-file-type';
import { filenameFromDisposition, openZip, type ZipAnswer, type ZipVia } from './http/zip-stream';
import { formatNumber } from '../domain/format-number';

/** spec 02 §4.1 / §8: `download=true` works only for 100 results or fewer. */
export const LEGACY_ZIP_MAX = 100;
/** A caller-side ceiling on `limit`: the whole infrared archive is ~70,000 records (spec 02 §4.1). */
export const LEGACY_MAX_LIMIT = 100_000;

/**
 * The most of a query's answer read (http/read-body.ts): 70,000 records are about 24 MB (spec 02
 * §4.1), ~350 bytes each; each record the limit allows is given 1 KB, three times that, so the
 * largest query the app sends (LEGACY_MAX_LIMIT) is read up to ~98 MB.
 */
export const legacyQueryMaxBytes = (limit: number): number => 64 * 1024 + limit * 1024;
/** An image file (spec 02 §4.2): no size is stated; a camera still is a few MB. */
export const LEGACY_FILE_MAX_BYTES = 32 * 1024 * 1024;

const LABEL = ENDPOINT_LABELS.legacy;

const asBytes = fetchTransport(readBytes);
const asBlob = fetchTransport(readBlob);

/** `yyyy-mm-ddThh:mm` (spec 02 §4.1), the only form the search bounds take. */
export const SEARCH_TIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

export interface LegacyQuery {
  imageType: ImageType;
  site?: string | undefined;
  vnum?: number | undefined;
  search_from?: string | undefined;
  search_to?: string | undefined;
  limit?: number | undefined;
}

/** The record as the views use it (its decoding is decode/legacy-body.ts). */

/** Visible's error body, sent with HTTP 200 (spec 02 §7: "status code mapping given only by the body"). */
const visibleErrorSchema = v.object({ error: int, message: v.string() });

/** Why a query must not be sent, one sentence each; empty when it may go. */
export function legacyQueryProblems(q: LegacyQuery): string[] {
  const out: string[] = [];
  const everyRecord = formatNumber(70_000);
  const maxLimit = formatNumber(LEGACY_MAX_LIMIT);
  if (!q.search_from || !q.search_to)
    out.push(
      t`Give both ends of the time range: without one the legacy service returns every record (${everyRecord} or more for infrared, about 24 MB).`,
    );
  if (q.limit === undefined)
    out.push(t`Give a limit: without one a wide range can still return tens of thousands of records (about 24 MB).`);
  if (q.search_from && !SEARCH_TIME_RE.test(q.search_from)) out.push(t`“From” must be yyyy-mm-ddThh:mm.`);
  if (q.search_to && !SEARCH_TIME_RE.test(q.search_to)) out.push(t`“To” must be yyyy-mm-ddThh:mm.`);
  if (q.search_from && q.search_to && q.search_from > q.search_to) out.push(t`“From” must not be after “To”.`);
  if (q.limit !== undefined && (!Number.isInteger(q.limit) || q.limit < 1 || q.limit > LEGACY_MAX_LIMIT))
    out.push(t`The limit must be a whole number from 1 to ${maxLimit}.`);
  if (!q.site && q.vnum === undefined)
    out.push(t`Choose a site or a volcano (the reference gives them with every search).`);
  return out;
}

function queryParams(q: LegacyQuery) {
  return { site: q.site, vnum: q.vnum, search_from: q.search_from, search_to: q.search_to, limit: q.limit };
}

export function legacyQueryUrl(q: LegacyQuery, download = false): string {
  return buildUrl(legacyBase(), `/api/imagery/${q.imageType}/query`, {
    ...queryParams(q),
    download: download || undefined,
  });
}

function recordUrl(type: ImageType, imageId: string, download = false): string {
  return buildUrl(legacyBase(), `/api/imagery/${type}/r/${encodeURIComponent(imageId)}`, {
    download: download || undefined,
  });
}

/** The record's `url` is relative to the legacy host (spec 02 §2); prefixes of legacyBaseUrl are kept. */
export function resolveLegacyUrl(url: string, base = legacyBase()): string {
  return resolveAgainst(url, base);
}

export function toLegacyImage(r: LegacyRecordRaw, imageType: ImageType, base = legacyBase()): LegacyImage {
  return legacyImageOf(r, imageType, base);
}

const notSent = (problems: string) => t`not sent: ${problems}`;
/** The service's own message, as sent, and the status it gave in the body. */
const inBody = (message: string, status: number) =>
  t`${message} (status ${status} given in the body of an HTTP 200 answer)`;

function refused(q: LegacyQuery, problems: string[]): ApiError {
  return new ApiError({
    kind: 'http',
    endpoint: LABEL,
    url: legacyQueryUrl(q),
    status: 400,
    detail: notSent(problems.join(' ')),
  });
}

/** Lets the page paint and handle input between chunks of a large answer. */
const yieldToEventLoop = () => new Promise<void>((r) => setTimeout(r, 0));

export const PARSE_CHUNK = PARSE_SLICE;

/**
 * Validates and converts an already parsed array in this thread, in chunks, yielding between them,
 * so tens of thousands of records (spec 02 §4.1) do not freeze the page. The first bad record
 * fails the whole answer.
 */
export async function convertLegacyRecords(
  body: unknown,
  imageType: ImageType,
  opts: { url?: string; signal?: AbortSignal | undefined; onProgress?: (done: number, total: number) => void } = {},
): Promise<LegacyImage[]> {
  const base = legacyBase();
  const total = Array.isArray(body) ? body.length : 0;
  const out: LegacyImage[] = [];
  for (let start = 0; start === 0 || start < total; start += PARSE_CHUNK) {
    if (start > 0) {
      await yieldToEventLoop();
      throwIfAborted(opts.signal, LABEL, opts.url ?? '');
    }
    const end = Math.min(total, start + PARSE_CHUNK);
    const r = legacySlice(body, start, end, imageType, base);
    if (!r.ok) throw failureError(r.failure, 'legacy', LABEL, opts.url);
    for (const x of r.value) out.push(x);
    opts.onProgress?.(end, total);
  }
  return out;
}

/**
 * GET …/{type}/query. Refuses, without sending, a query with no time range or no limit. The body
 * is parsed and checked in the parse worker; records come back in slices as they are checked.
 */
export async function fetchLegacyQuery(
  q: LegacyQuery,
  signal?: AbortSignal,
  onProgress?: (done: number, total: number) => void,
): Promise<LegacyImage[]> {
  const problems = legacyQueryProblems(q);
  if (problems.length) throw refused(q, problems);
  const url = legacyQueryUrl(q);
  const maxBytes = legacyQueryMaxBytes(q.limit ?? LEGACY_MAX_LIMIT);
  const { body: bytes, status } = await send({ endpoint: 'legacy', url, signal, transport: asBytes, maxBytes });
  const out: LegacyImage[] = [];
  const r = await decodeLegacyBytes(bytes, q.imageType, legacyBase(), (records, done, total) => {
    for (const x of records) out.push(x);
    onProgress?.(done, total);
  }).catch((e: unknown) => {
    if (e instanceof WorkerFailed)
      throw new ApiError({ kind: 'worker', endpoint: LABEL, url, status, detail: e.message });
    throw e;
  });
  throwIfAborted(signal, LABEL, url);
  if (!r.ok) throw failureError(r.failure, 'legacy', LABEL, url, status);
  return out;
}

/**
 * Turns visible's in-body error (HTTP 200 with `{error, message}`) into the ApiError an HTTP error
 * status would have given, so callers see one kind of failure for both image types.
 */
export function bodyError(body: unknown, url: string): ApiError | null {
  const e = v.safeParse(visibleErrorSchema, body);
  if (!e.success) return null;
  return new ApiError({
    kind: 'http',
    endpoint: LABEL,
    url,
    status: e.output.error >= 400 && e.output.error <= 599 ? e.output.error : 500,
    detail: inBody(e.output.message, e.output.error),
    body,
  });
}

export async function fetchLegacyRecord(type: ImageType, imageId: string, signal?: AbortSignal): Promise<LegacyImage> {
  const url = recordUrl(type, imageId);
  const body = await fetchJson({ endpoint: 'legacy', url, signal });
  const err = bodyError(body, url);
  if (err) throw err;
  return toLegacyImage(validate(legacyRecordSchema, body, LABEL, url), type);
}

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/** The image file of one record (`/r/{id}?download=true`); a JSON answer is visible's error shape. */
export async function downloadLegacyFile(
  type: ImageType,
  imageId: string,
  signal?: AbortSignal,
): Promise<DownloadedFile> {
  const url = recordUrl(type, imageId, true);
  const {
    body: blob,
    headers,
    status,
  } = await send({
    endpoint: 'legacy',
    url,
    signal,
    transport: asBlob,
    maxBytes: LEGACY_FILE_MAX_BYTES,
  });
  if (/json/i.test(headers.get('Content-Type') ?? '')) {
    // Already received whole: the Blob reads from memory.
    throw (
      bodyError(parseJson(await blob.text(), 'legacy', url, status), url) ??
      new ApiError({ kind: 'malformed', endpoint: LABEL, url, detail: t`expected an image file but got JSON` })
    );
  }
  // The type and name are ours, from the file's first bytes: the service's Content-Type and name
  // would otherwise decide what the browser does with the file (an HTML page opened in this origin,
  // a name with a path or an executable's extension).
  const kind = imageFileType(new Uint8Array(await blob.slice(0, 16).arrayBuffer()));
  const stem = filenameFromDisposition(headers.get('Content-Disposition'), '');
  return { blob: new Blob([blob], { type: kind.mime }), filename: safeFileName(stem, imageId, kind) };
}

/**
 * download=true on the same query: a ZIP, which the service makes only for ≤ 100 results (§8),
 * streamed like the v2 ZIPs so it can be cancelled and goes to disk without being held in memory.
 */
export async function downloadLegacyZip<B>(
  q: LegacyQuery,
  signal: AbortSignal | undefined,
  via: ZipVia<B>,
): Promise<ZipAnswer<B>> {
  const problems = legacyQueryProblems(q);
  if (problems.length) throw refused(q, problems);
  return openZip('legacy', legacyQueryUrl(q, true), `${q.imageType}_images.zip`, signal, via);
}

export const legacyQueries = {
  all: () => ['legacy'] as const,
  query: (q: LegacyQuery) =>
    queryOptions({
      queryKey: ['legacy', 'query', q.imageType, queryParams(q)] as const,
      queryFn: ({ signal }) => fetchLegacyQuery(q, signal),
      staleTime: 5 * 60_000,
    }),
  record: (type: ImageType, imageId: string) =>
    queryOptions({
      queryKey: ['legacy', 'record', type, imageId] as const,
      queryFn: ({ signal }) => fetchLegacyRecord(type, imageId, signal),
      staleTime: 5 * 60_000,
    }),
};
