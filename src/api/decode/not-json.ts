/** The detail of a body that is not JSON, with its first characters as they came. */
import { t } from '@lingui/core/macro';

export function notJson(head: string): string {
  return t`the body is not valid JSON (starts with ${head})`;
}
