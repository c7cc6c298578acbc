/**
 * A schema issue in plain words, in the language shown. Said on the page's thread from the issue's
 * plain data (schema-words.ts), which the parse worker sends back: the worker speaks no language
 * (docs/architecture.md, "Languages").
 */
import { msg, plural, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '../../i18n/i18n';
import type { IssueData } from './schema-words';
import type { FieldProblem } from './decoded';

/**
 * The messages this app's schemas give with their checks (`v.regex(re, 'must be …')`), by the
 * English they carry: the issue crosses from the worker as that text, and is said here. One a
 * schema adds without a row here is shown as written.
 */
const OWN_WORDS: Record<string, MessageDescriptor> = {
  'must be a YYYY-MM-DD date': msg`must be a YYYY-MM-DD date`,
  'must be yyyy-mm-ddThh:mm:ss without a zone': msg`must be yyyy-mm-ddThh:mm:ss without a zone`,
  'must hold exactly one series': msg`must hold exactly one series`,
  'must be an array': msg`must be an array`,
};

/** A message given with the check, not valibot's own "Invalid …" text. */
function ownWords(issue: IssueData): string | null {
  if (issue.message.startsWith('Invalid ')) return null;
  const known = OWN_WORDS[issue.message];
  return known ? i18n._(known) : issue.message;
}

/** "must be a number", for valibot's type names. */
function typeWords(type: string): string | null {
  switch (type) {
    case 'object':
    case 'record':
      return t`must be an object`;
    case 'array':
      return t`must be an array`;
    case 'string':
      return t`must be a string`;
    case 'number':
      return t`must be a number`;
    case 'boolean':
      return t`must be a boolean`;
    case 'safe_integer':
      return t`must be an integer`;
  }
  return null;
}

/**
 * Plain words for a schema issue. Valibot's default messages read "Invalid type: Expected … but
 * received …", so the common kinds are worded here; checks written with a message keep it.
 */
export function describeIssue(issue: IssueData): string {
  if (issue.missing) return t`is missing`;
  const own = ownWords(issue);
  if (own) return own;
  switch (issue.type) {
    case 'picklist': {
      // valibot's `expected` reads `("infrared" | "visible")`: the values as the documents write them.
      const values = (issue.expected ?? '')
        .replace(/^\(|\)$/g, '')
        .split(' | ')
        .join(', ');
      return t`must be one of ${values}`;
    }
    case 'min_length': {
      const n = issue.requirement ?? 0;
      return issue.inputKind === 'array'
        ? plural(n, { one: 'must have at least # item', other: 'must have at least # items' })
        : plural(n, { one: 'must have at least # character', other: 'must have at least # characters' });
    }
    case 'gt_value': {
      const n = String(issue.requirement);
      return t`must be greater than ${n}`;
    }
  }
  return typeWords(issue.type) ?? t`is invalid`;
}

/** A field the decoder checks by hand (rsam-body.ts), in words; `got` is quoted as it came. */
export function fieldProblemWords(p: FieldProblem): string {
  switch (p.code) {
    case 'not-object':
      return t`must be an object`;
    case 'time-not-string':
      return t`must be a string timestamp`;
    case 'time-not-iso': {
      const { got } = p;
      return t`must be an ISO 8601 UTC timestamp, got ${got}`;
    }
    case 'not-number': {
      const { got } = p;
      return t`must be a number, got ${got}`;
    }
    case 'no-worker':
      return t`no worker to work it out in`;
  }
}
