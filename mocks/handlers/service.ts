/** GET /health and GET / of the main host (spec 01 §4.8: bodies not shown; plausible choices). */
import { http, type RequestHandler } from 'msw';
import { mockState } from '../state';
import { guarded, jsonResponse } from './common';

export function serviceHandlers(apiBaseUrl: string): RequestHandler[] {
  return [
    http.get(
      `${apiBaseUrl}/health`,
      guarded('health', 60, () => jsonResponse({ status: 'ok', timestamp: new Date(mockState.now).toISOString() })),
    ),
    http.get(
      `${apiBaseUrl}/`,
      guarded('root', 100, () => jsonResponse({ name: 'Volcano Monitoring Data Service', version: '2.0.0' })),
    ),
  ];
}
