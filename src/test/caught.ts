import { ApiError } from '../api/http/errors';

/** The ApiError `p` rejects with; anything else (or no rejection) fails the test. */
export async function caught(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected a rejection');
}
