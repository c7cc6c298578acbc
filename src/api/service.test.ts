import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import { useTestConfig } from '../test/test-config';
import { fetchHealth, fetchServiceInfo, healthSummary, prettyBody } from './service';

beforeEach(() => {
  useTestConfig();
});

describe('/health and / read as they come', () => {
  it('keeps a JSON body and reads its status field', async () => {
    server.use(http.get('http://api.test/health', () => HttpResponse.json({ Status: 'degraded', db: { ok: false } })));
    const a = await fetchHealth();
    expect(a.status).toBe(200);
    expect(healthSummary(a)).toBe('degraded (HTTP 200)');
    expect(prettyBody(a)).toBe('{\n  "Status": "degraded",\n  "db": {\n    "ok": false\n  }\n}');
  });

  it('keeps a plain text body as sent', async () => {
    server.use(http.get('http://api.test/health', () => HttpResponse.text('OK\n')));
    const a = await fetchHealth();
    expect(healthSummary(a)).toBe('OK (HTTP 200)');
    expect(prettyBody(a)).toBe('OK');
  });

  it('keeps an HTML root page without trying to read it', async () => {
    server.use(http.get('http://api.test/', () => HttpResponse.html('<html><body><h1>Volcano API</h1></body></html>')));
    const a = await fetchServiceInfo();
    expect(a.json).toBeUndefined();
    expect(a.contentType).toMatch(/text\/html/);
    expect(healthSummary(a)).toBe('answered HTTP 200');
    expect(prettyBody(a)).toContain('<h1>Volcano API</h1>');
  });
});
