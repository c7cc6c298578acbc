/**
 * The activity view's URL state: filters sent to the service (repeated `modules` / `objectTypes`,
 * spec 03 §4) and the table's text search and sort. The tenant base URL and credentials are
 * deliberately not here (see platform-credentials-store.ts).
 */
import { t } from '@lingui/core/macro';
import * as v from 'valibot';
import { oneOf, param, urlNotice, type ListParam, type UrlSchema } from '../../ui/url-schema';

export const SORT_KEYS = ['code', 'value', 'objectTypeName', 'moduleName'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDir = 'asc' | 'desc';

export interface ActivityParams {
  modules: string[];
  objectTypes: string[];
  q: string;
  sort: SortKey;
  dir: SortDir;
}

/** Names, each once, in the order given (the parameter repeated). */
const names: ListParam<string[], string> = {
  item: v.pipe(
    v.string(),
    v.regex(/^[^\p{Cc}]{1,100}$/u, () => t`not a name`),
  ),
  collect: (items) => [...new Set(items)],
  default: [],
  serialize: (list) => list,
};

export const activityUrl: UrlSchema<ActivityParams> = {
  params: {
    modules: names,
    objectTypes: names,
    q: param(
      v.pipe(
        v.string(),
        v.maxLength(200, () => t`longer than 200 characters`),
      ),
      '',
    ),
    sort: param(
      oneOf(SORT_KEYS, () => {
        const keys = SORT_KEYS.join(', ');
        return t`must be one of ${keys}`;
      }),
      'code',
    ),
    dir: param(oneOf(['asc', 'desc']), 'asc'),
  },
  // The search text may be long and is the user's own words: named, not repeated.
  notice: (name, raw, why) =>
    name === 'q' ? t`Ignored the search text in the address: ${why}.` : urlNotice(name, raw, why),
};
