import { getRuntimeConfig } from '../config/runtime-config';

/** Base URLs of the three hosts, read from the runtime config at call time. */
export function apiBase(): string {
  return getRuntimeConfig().apiBaseUrl;
}
export function legacyBase(): string {
  return getRuntimeConfig().legacyBaseUrl;
}
export function platformBase(): string {
  return getRuntimeConfig().platformBaseUrl;
}
