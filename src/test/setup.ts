import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import { server } from '../../mocks/node';
import { resetMockState } from '../../mocks/state';

// One MSW server for every unit test (docs/architecture.md "Tests"): success paths in the handlers,
// failures added per test with server.use; unhandled requests are errors.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  resetMockState();
  cleanup();
});
afterAll(() => server.close());
