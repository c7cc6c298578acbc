/**
 * The most images the service puts in one ZIP. The documents state no cap, so a service is free to
 * set one (an implementation refused more than 2,000 with 413): the configured `downloadMaxImages`,
 * or a lower cap a 413 taught, remembered per service host for the browser session.
 */
import { create } from 'zustand';
import { ApiError } from '../api/http/errors';
import { getRuntimeConfig } from '../config/runtime-config';

interface CapStore {
  /** Service base URL → the cap a 413 taught. */
  learned: Record<string, number>;
  learn: (host: string, cap: number) => void;
}

// Kept in sessionStorage by hand: zustand's persist middleware would sit in the vendor chunk that
// every route loads first (+0.7 KB gzip), for what these few lines do.
const KEY = 'volcano-zip-cap';

function stored(): Record<string, number> {
  try {
    const raw: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '{}');
    if (typeof raw !== 'object' || raw === null) return {};
    return Object.fromEntries(
      Object.entries(raw).filter((e): e is [string, number] => Number.isSafeInteger(e[1]) && e[1] >= 1),
    );
  } catch {
    return {};
  }
}

const useCapStore = create<CapStore>()((set) => ({
  learned: stored(),
  learn: (host, cap) =>
    set((s) => {
      const learned = { ...s.learned, [host]: Math.min(cap, s.learned[host] ?? cap) };
      try {
        sessionStorage.setItem(KEY, JSON.stringify(learned));
      } catch {
        /* private mode or full: remembered until the page closes */
      }
      return { learned };
    }),
}));

const host = () => getRuntimeConfig().apiBaseUrl;

/** The cap in force for the configured service: the configured one, or a lower one learned. */
export function useZipCap(): { cap: number; learned: boolean; learn: (cap: number) => void } {
  const configured = getRuntimeConfig().downloadMaxImages;
  const learned = useCapStore((s) => s.learned[host()]);
  const learn = useCapStore((s) => s.learn);
  const cap = Math.min(configured, learned ?? Infinity);
  return { cap, learned: learned !== undefined && learned < configured, learn: (c) => learn(host(), c) };
}

/** Forgets what was learned (tests). */
export function resetZipCapForTests(): void {
  useCapStore.setState({ learned: {} });
}

/**
 * The cap a 413 implies for a ZIP of `requested` images: the largest number its message states below
 * what was asked (a service saying "2,500 requested, at most 2,000" means 2,000), else half of what
 * was asked. Either way below `requested`, so asking again with smaller ZIPs always gets somewhere.
 */
export function capFrom413(e: ApiError, requested: number): { cap: number; stated: boolean } {
  const detail = typeof e.detail === 'string' ? e.detail.slice(0, 2000) : '';
  const numbers = [...detail.matchAll(/\d{1,3}(?:,\d{3})+|\d+/g)].map((m) => Number(m[0].replace(/,/g, '')));
  const below = numbers.filter((n) => Number.isSafeInteger(n) && n >= 1 && n < requested);
  if (below.length) return { cap: Math.max(...below), stated: true };
  return { cap: Math.max(1, Math.floor(requested / 2)), stated: false };
}
