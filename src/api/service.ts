/**
 * GET /health and GET / (spec 01 §4.8: "Their responses: not shown"). Nothing about the body is
 * assumed: whatever comes back is kept as text, with its JSON reading when it is JSON, so the
 * settings page can show it as it is.
 */
import { t } from '@lingui/core/macro';
import { queryOptions } from '@tanstack/react-query';
import { apiBase } from './hosts';
import { readText } from './http/read-body';
import { send } from './http/send';
import { fetchTransport } from './http/transport';
import { buildUrl } from './http/url';

export interface ServiceAnswer {
  status: number;
  contentType: string;
  /** The body as sent (cut at 20 000 characters). */
  text: string;
  /** The body read as JSON, or undefined when it is not JSON. */
  json: unknown;
  receivedAt: number;
}

const MAX_TEXT = 20_000;

const asText = fetchTransport(readText);

async function fetchAnswer(endpoint: 'health' | 'root', path: string, signal?: AbortSignal): Promise<ServiceAnswer> {
  const { body, status, headers } = await send({ endpoint, url: buildUrl(apiBase(), path), signal, transport: asText });
  const text = body.slice(0, MAX_TEXT);
  let json: unknown;
  try {
    json = text.trim() ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status, contentType: headers.get('Content-Type') ?? '', text, json, receivedAt: Date.now() };
}

export const fetchHealth = (signal?: AbortSignal) => fetchAnswer('health', '/health', signal);
export const fetchServiceInfo = (signal?: AbortSignal) => fetchAnswer('root', '/', signal);

/** The body for a person: JSON indented, anything else as sent. */
export function prettyBody(a: Pick<ServiceAnswer, 'text' | 'json'>): string {
  if (a.json !== undefined) return JSON.stringify(a.json, null, 2);
  return a.text.trim() || '(empty body)';
}

/** A one-line reading: a `status` field when there is one (any case), else the HTTP status. */
/** The service's own word on its health (a `status` field, or a short text body), as sent; null if none. */
export function healthWord(a: ServiceAnswer): string | null {
  if (a.json && typeof a.json === 'object' && !Array.isArray(a.json)) {
    const o = a.json as Record<string, unknown>;
    const s = o.status ?? o.Status ?? o.state ?? o.health;
    if (typeof s === 'string' || typeof s === 'number' || typeof s === 'boolean') return String(s);
  }
  if (a.json === undefined && a.text.trim() && a.text.trim().length <= 40) return a.text.trim();
  return null;
}

export function healthSummary(a: ServiceAnswer): string {
  const word = healthWord(a);
  if (word !== null) return `${word} (HTTP ${a.status})`;
  const { status } = a;
  return t`answered HTTP ${status}`;
}

export const serviceQueries = {
  health: () =>
    queryOptions({
      queryKey: ['service', 'health'] as const,
      queryFn: ({ signal }) => fetchHealth(signal),
      staleTime: 30_000,
    }),
  root: () =>
    queryOptions({
      queryKey: ['service', 'root'] as const,
      queryFn: ({ signal }) => fetchServiceInfo(signal),
      staleTime: 300_000,
    }),
};
