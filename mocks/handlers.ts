/** All mock handlers for the three hosts and the image archive. */
import type { RequestHandler } from 'msw';
import { controlHandlers } from './handlers/control';
import { imageryHandlers } from './handlers/imagery';
import { imageryDatesHandlers } from './handlers/imagery-dates';
import { legacyHandlers } from './handlers/legacy';
import { platformHandlers } from './handlers/platform';
import { seismicHandlers } from './handlers/seismic';
import { serviceHandlers } from './handlers/service';

export interface MockBases {
  /** URL prefixes without trailing slash: absolute (`http://api.test`) or origin-relative (`/demo-api`). */
  apiBaseUrl: string;
  legacyBaseUrl: string;
  platformBaseUrl: string;
  imageBaseUrl: string;
}

const trim = (u: string): string => u.replace(/\/+$/, '');

export function createHandlers(bases: MockBases): RequestHandler[] {
  const api = trim(bases.apiBaseUrl);
  return [
    ...controlHandlers(api),
    ...seismicHandlers(api),
    ...imageryHandlers(api, trim(bases.imageBaseUrl)),
    ...imageryDatesHandlers(api),
    ...legacyHandlers(trim(bases.legacyBaseUrl)),
    ...platformHandlers(trim(bases.platformBaseUrl)),
    // Last: `{api}/` must not shadow anything.
    ...serviceHandlers(api),
  ];
}
