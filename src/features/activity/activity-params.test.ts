import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectRoundTrips } from '../../test/url-round-trip';
import { parseUrl, serializeUrl } from '../../ui/url-schema';
import { activityUrl, SORT_KEYS } from './activity-params';
import { filterOptions, searchAndSort } from './event-types-model';

describe('activity params', () => {
  it('keeps repeated modules and objectTypes, drops bad sort/dir', () => {
    const { params, notices } = parseUrl(
      activityUrl,
      new URLSearchParams('modules=Users&modules=Security&objectTypes=Role&q=del&sort=bogus&dir=up'),
    );
    expect(params).toEqual({
      modules: ['Users', 'Security'],
      objectTypes: ['Role'],
      q: 'del',
      sort: 'code',
      dir: 'asc',
    });
    expect(notices).toHaveLength(2);
    expect(serializeUrl(activityUrl, { ...params, sort: 'value', dir: 'desc' }).toString()).toBe(
      'modules=Users&modules=Security&objectTypes=Role&q=del&sort=value&dir=desc',
    );
  });
});

describe('event types model', () => {
  const rows = [
    { code: 3, value: 'Role Deleted', objectTypeName: 'Role', moduleName: 'Security' },
    { code: 1, value: 'User Created', objectTypeName: 'User', moduleName: 'Users' },
    { code: 2, value: 'user deleted', objectTypeName: 'User', moduleName: 'Users' },
  ];
  it('searches every column case-insensitively and sorts', () => {
    expect(searchAndSort(rows, 'DELETED', 'code', 'asc').map((r) => r.code)).toEqual([2, 3]);
    expect(searchAndSort(rows, '', 'value', 'desc').map((r) => r.code)).toEqual([2, 1, 3]);
    expect(searchAndSort(rows, 'securi', 'code', 'asc').map((r) => r.code)).toEqual([3]);
  });
  it('derives filter options', () => {
    expect(filterOptions(rows)).toEqual({
      modules: ['Security', 'Users'],
      objectTypes: [
        { name: 'Role', modules: ['Security'] },
        { name: 'User', modules: ['Users'] },
      ],
    });
  });
});

describe('activity URL round trip', () => {
  it('writes every state as a link that reads back to it, and any address as a canonical link', () => {
    const name = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).filter((s) => !/\p{Cc}/u.test(s));
    const states = fc.record({
      modules: fc.uniqueArray(name, { maxLength: 4 }),
      objectTypes: fc.uniqueArray(name, { maxLength: 4 }),
      q: fc.string({ unit: 'grapheme', maxLength: 200 }),
      sort: fc.constantFrom(...SORT_KEYS),
      dir: fc.constantFrom('asc' as const, 'desc' as const),
    });
    expectRoundTrips(activityUrl, states, {
      modules: ['Users', 'Security', 'Users', '', 'a\u0001b'],
      objectTypes: ['Role', 'User'],
      q: ['del', '', 'x'.repeat(201)],
      sort: ['code', 'value', 'bogus'],
      dir: ['asc', 'desc', 'up'],
      other: ['1'],
    });
  });
});
