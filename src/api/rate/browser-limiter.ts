/**
 * The app's one rate limiter, apart from the endpoint tables (endpoints.ts) so that reading a label
 * or a budget opens no IndexedDB ledger and no BroadcastChannel: those are made when the first
 * module that sends a request loads this one.
 */
import { budgetFor, ENDPOINT_BUDGETS, hostFor, waitWindowFor } from '../endpoints';
import { browserLedger } from './idb-ledger';
import { RateLimiter } from './rate-limiter';
import { waitCeilingMs } from './wait-ceiling';

/** The app's one limiter, shared by every request of every tab of this browser (rate/ledger.ts). */
export const rateLimiter = new RateLimiter(ENDPOINT_BUDGETS, () => Date.now(), {
  ledger: browserLedger(),
  budgetFor: (key) => budgetFor(key),
  scopeFor: (key) => hostFor(key),
  ceilingFor: (key) => waitCeilingMs(waitWindowFor(key)),
});
