/** GET /health and GET / (spec 01 §4.8: bodies not shown, so both are read loosely). */
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiBase } from './config-bases';
import { buildUrl, getJson } from './http';

export const healthSchema = z.looseObject({ status: z._default(z.string(), 'ok'), timestamp: z.optional(z.string()) });
export const rootSchema = z.looseObject({ name: z.optional(z.string()), version: z.optional(z.string()) });

export function fetchHealth(signal?: AbortSignal) {
  return getJson({ endpoint: 'health', url: buildUrl(apiBase(), '/health'), signal, schema: healthSchema });
}

export function fetchServiceInfo(signal?: AbortSignal) {
  return getJson({ endpoint: 'root', url: buildUrl(apiBase(), '/'), signal, schema: rootSchema });
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
