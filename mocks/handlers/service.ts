/**
 * GET /health and GET / of the main host. Spec 01 §4.8: both exist and are rate limited; their
 * bodies are not shown, so these are plausible choices for a FastAPI-style service.
 */
import { http, type RequestHandler } from 'msw';
import { mockState } from '../state';
import { guarded, jsonResponse } from './common';

export function serviceHandlers(apiBaseUrl: string): RequestHandler[] {
  return [
    http.get(
      `${apiBaseUrl}/health`,
      guarded('health', 60, () =>
        jsonResponse({ status: 'healthy', database: 'connected', timestamp: new Date(mockState.now).toISOString() }),
      ),
    ),
    http.get(
      `${apiBaseUrl}/`,
      guarded('root', 100, () =>
        jsonResponse({
          name: 'Volcano Monitoring Data Service',
          version: '2.0.0',
          docs: '/docs',
          endpoints: {
            seismic: ['/api/seismic/rsam', '/api/seismic/sites', '/api/seismic/dates', '/api/seismic/rsam/latest'],
            imagery: ['/api/imagery/q', '/api/imagery/dates', '/api/imagery/dates/range'],
          },
        }),
      ),
    ),
  ];
}
