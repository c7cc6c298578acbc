/**
 * Stand-alone mock of the three hosts on 127.0.0.1, for running the built app or e2e against real
 * HTTP:  npx tsx mocks/server.ts [--port 8787] [--now 2025-03-10T12:00:00Z]   (npm run mock:server)
 *   main service  http://127.0.0.1:N     (also serves the image files: imageBaseUrl = main base)
 *   legacy        http://127.0.0.1:N+1
 *   platform      http://127.0.0.1:N+2
 * Without --now the mock clock follows real time. The server itself is mocks/server-app.ts.
 *
 * Misbehaviour on demand (control endpoint, never faulted or rate limited):
 *   curl -X POST localhost:8787/__mock/control -H 'Content-Type: application/json' \
 *        -d '{"action":"fault","fault":{"match":"/api/seismic/rsam","kind":"status","status":503,"times":2}}'
 *   curl ... -d '{"action":"fault","fault":{"match":"/api/imagery/q","kind":"slow","delayMs":5000}}'
 *   curl ... -d '{"action":"fault","fault":{"match":"/api/seismic/rsam","kind":"rate-limit","retryAfter":true}}'
 *   curl ... -d '{"action":"fault","fault":{"match":"/api/seismic/rsam","kind":"rate-limit","retryAfter":"99999999","times":1}}'
 *   curl ... -d '{"action":"fault","fault":{"match":"/api/seismic/rsam","kind":"rate-limit","retryAfter":"Sat, 01 Jan 2033 00:00:00 GMT"}}'
 *   curl ... -d '{"action":"fault","fault":{"match":"/oauth/token","kind":"redirect","location":"http://127.0.0.1:9999/steal"}}'
 *   curl ... -d '{"action":"fault","fault":{"match":"/api/seismic/rsam","kind":"endless"}}'   # a 200 JSON without end
 *   curl ... -d '{"action":"fault","fault":{"match":"/api/imagery/q","kind":"status","status":500,"text":"<img src=x onerror=alert(1)>"}}'
 *   curl ... -d '{"action":"clearFaults"}'
 *   curl ... -d '{"action":"rateLimits","enabled":true,"scale":0.1}'     # 10 rsam requests a minute
 *   curl ... -d '{"action":"rateLimits","enabled":true,"retryAfterHeader":true}'  # main-host 429s with Retry-After
 *   curl ... -d '{"action":"tokenAuth","mode":"form"}'                   # or "basic", "either" (default)
 *   curl ... -d '{"action":"datesShape","shape":"rows"}'                 # see DATES_SHAPES in mocks/state.ts
 *   curl ... -d '{"action":"now","now":"2025-03-10T12:00:00Z"}'
 *   curl ... -d '{"action":"reset"}'
 * ZIP answers (mocks/handlers/zip-download.ts has every knob; GET shows them and hostile runs):
 *   curl -X POST localhost:8787/__mock/zip -d '{"maxImages":2000}'      # 413 above 2,000 images
 *   curl -X POST localhost:8787/__mock/zip -d '{"hostile":"pk-html"}'   # 200 text/html "PK<…><script>"
 *   curl -X POST localhost:8787/__mock/zip -d '{}'                      # normal ZIPs again
 */
import { startMockServer } from './server-app';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const now = arg('now');
const server = await startMockServer({ port: Number(arg('port') ?? 8787), ...(now ? { now } : {}) });
console.log(`Mock service ready (${now ? `now = ${now}` : 'live time'})`);
console.log(`  apiBaseUrl       ${server.apiBaseUrl}   (images too)`);
console.log(`  legacyBaseUrl    ${server.legacyBaseUrl}`);
console.log(`  platformBaseUrl  ${server.platformBaseUrl}`);
