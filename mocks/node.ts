/** MSW server for unit tests (started by src/test/setup.ts). */
import { setupServer } from 'msw/node';
import { createHandlers, type MockBases } from './handlers';

export const TEST_BASES: MockBases = {
  apiBaseUrl: 'http://api.test',
  legacyBaseUrl: 'http://legacy.test',
  platformBaseUrl: 'http://platform.test',
  imageBaseUrl: 'https://images.test',
};

export const server = setupServer(...createHandlers(TEST_BASES));
