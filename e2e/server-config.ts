/**
 * public/config.json pointed at a real-HTTP mock (mocks/server-app.ts) instead of the in-page demo
 * worker. Its own module, free of Playwright, because the cross-engine smoke suite
 * (scripts/engines/) serves the same configuration to Firefox and WebKit without Playwright's runner.
 */
import { readFileSync } from 'node:fs';
import type { MockServerHandle } from '../mocks/server-app';

const PUBLIC_CONFIG = JSON.parse(readFileSync(new URL('../public/config.json', import.meta.url), 'utf8')) as Record<
  string,
  unknown
>;

/** public/config.json pointed at `server`, without the in-page mock, plus `overrides` (shallow). */
export function serverConfig(
  server: Pick<MockServerHandle, 'apiBaseUrl' | 'legacyBaseUrl' | 'platformBaseUrl'>,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    ...PUBLIC_CONFIG,
    mock: false,
    apiBaseUrl: server.apiBaseUrl,
    legacyBaseUrl: server.legacyBaseUrl,
    platformBaseUrl: server.platformBaseUrl,
    // The mock's stand-in for a deployment's token proxy (the demo's is refused without mock: true).
    platformTokenProxyUrl: `${server.platformBaseUrl}/token-proxy`,
    ...overrides,
  };
}
