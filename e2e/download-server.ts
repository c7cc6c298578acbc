/**
 * The built app against the real-HTTP mock (e2e/server-fixtures.ts), for downloads whose bytes must
 * cross a real socket: the mock's clock fixed, and its ZIP knob (mocks/handlers/zip-download.ts).
 */
import { test as base, expect, openOnServer, type MockServer } from './server-fixtures';

export const test = base.extend({ mockNow: '2025-03-10T12:00:00Z' });

export interface ZipKnobs {
  targetBytes?: number;
  cutAfterBytes?: number;
  stallAfterBytes?: number;
  times?: number;
  unsized?: boolean;
  maxImages?: number;
  hostile?: 'pk-html' | 'zip-html';
}

/** POST {apiBaseUrl}/__mock/zip: sets the knobs (an empty body clears them). */
export async function zipKnobs(server: MockServer, body: ZipKnobs): Promise<void> {
  const res = await fetch(`${server.apiBaseUrl}/__mock/zip`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.ok, `/__mock/zip ${JSON.stringify(body)}`).toBe(true);
}

/** GET {apiBaseUrl}/__mock/zip: the knobs, and how often a hostile page's script reported running. */
export async function zipState(server: MockServer): Promise<ZipKnobs & { hostileRan: number }> {
  const res = await fetch(`${server.apiBaseUrl}/__mock/zip`);
  expect(res.ok).toBe(true);
  return (await res.json()) as ZipKnobs & { hostileRan: number };
}

export { expect, openOnServer, type MockServer };
