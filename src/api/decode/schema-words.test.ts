import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors';
import { validate } from './validate';
import { imageryResponseSchema } from '../imagery/imagery-shapes';
import { legacyRecordSchema } from './body-schemas';
import { tokenResponseSchema } from '../platform';
import { imageryPage } from '../../test/imagery-fixtures';

/** The detail a user reads when a body breaks the spec's promise, for one broken body. */
function detail(schema: Parameters<typeof validate>[0], body: unknown): string {
  try {
    validate(schema, body, 'test');
  } catch (e) {
    return (e as ApiError).detail;
  }
  return 'accepted';
}

const record = {
  image_id: 'a',
  image_url: 'https://img.test/a.jpg',
  vnum: 345020,
  site: 'VPMI',
  timestamp: '2025-01-01T00:00:00Z',
  image_type: 'visible',
};
const imagery = (r: object) => imageryPage([{ ...record, ...r }], 50);
const { pagination } = imagery({});

describe('schema issues in plain words, named by their field', () => {
  it('accepts what the spec promises', () => {
    expect(detail(imageryResponseSchema, imagery({}))).toBe('accepted');
  });

  it('words type, enum, integer and length problems', () => {
    expect(detail(imageryResponseSchema, imagery({ vnum: '345020' }))).toBe('field "results[0].vnum" must be a number');
    expect(detail(imageryResponseSchema, imagery({ vnum: 3.5 }))).toBe('field "results[0].vnum" must be an integer');
    expect(detail(imageryResponseSchema, imagery({ vnum: 2 ** 53 }))).toBe(
      'field "results[0].vnum" must be an integer',
    );
    expect(detail(imageryResponseSchema, imagery({ image_type: 'thermal' }))).toBe(
      'field "results[0].image_type" must be one of "infrared", "visible"',
    );
    expect(detail(imageryResponseSchema, imagery({ image_id: '' }))).toBe(
      'field "results[0].image_id" must have at least 1 character',
    );
    expect(detail(imageryResponseSchema, { ...imagery({}), pagination: undefined })).toBe(
      'field "pagination" must be an object',
    );
    expect(detail(imageryResponseSchema, 'nope')).toBe('field "(body)" must be an object');
    expect(detail(imageryResponseSchema, { pagination, query: {} })).toBe('field "results" is missing');
  });

  it('keeps the message a check was written with', () => {
    expect(detail(imageryResponseSchema, imagery({ image_url: 'ftp://x' }))).toBe(
      'field "results[0].image_url" must be an http(s) URL',
    );
    expect(
      detail(legacyRecordSchema, { id: 1, image_id: 'a', site: 'x', vnum: 1, timestamp: '2025-01-01 00:00:00' }),
    ).toBe('field "timestamp" must be yyyy-mm-ddThh:mm:ss without a zone');
    expect(detail(tokenResponseSchema, { access_token: 't', token_type: 'mac' })).toBe(
      'field "token_type" must be Bearer',
    );
    expect(detail(tokenResponseSchema, { access_token: 't', token_type: 'Bearer', expires_in: 0 })).toBe(
      'field "expires_in" must be greater than 0',
    );
  });
});
