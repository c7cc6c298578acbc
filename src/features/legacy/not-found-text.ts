import { t } from '@lingui/core/macro';
import { isApiError } from '../../api/http/errors';
import type { ImageType } from '../../domain/volcanoes';

/**
 * How src/api/legacy.ts `bodyError` marks visible's in-body error: the HTTP status then was a
 * success, and the body's code stands in for it (spec 02 §7, "status code mapping given only by
 * the body"). A real HTTP error status never carries this.
 */
const IN_BODY = / \(status (\d+) given in the body of an HTTP (\d+) answer\)$/;

const quoted = (s: string) => t`“${s}”`;

/**
 * A not-found look-up in plain words, saying only what the answer said: the HTTP status it really
 * had, the body's own message, and for infrared what spec 02 §7 gives 404 for ("id or path not
 * found", so a wrong host address reads the same as a missing id). Null for any other failure.
 */
export function notFoundText(e: unknown, imageType: ImageType, imageId: string): string | null {
  if (!isApiError(e) || e.status !== 404) return null;
  const id = quoted(imageId);
  if (imageType === 'visible') {
    const inBody = IN_BODY.exec(e.detail);
    if (inBody) {
      const status = inBody[2] ?? '';
      const code = inBody[1] ?? '';
      const said = quoted(e.detail.slice(0, inBody.index));
      return t`The visible endpoint answered HTTP ${status} with error ${code} in its body: ${said}. Check the id ${id} and the image type.`;
    }
    const message = bodyField(e.body, 'message');
    if (!message) return t`The visible endpoint answered HTTP 404. Check the id ${id} and the image type.`;
    const said = quoted(message);
    return t`The visible endpoint answered HTTP 404: ${said}. Check the id ${id} and the image type.`;
  }
  const detail = bodyField(e.body, 'detail');
  if (!detail)
    return t`The infrared endpoint answered 404, id or path not found. Check the id ${id} and the image type. If every id fails so, the legacy host’s address (legacyBaseUrl) may be wrong.`;
  const said = quoted(detail);
  return t`The infrared endpoint answered 404, id or path not found: ${said}. Check the id ${id} and the image type. If every id fails so, the legacy host’s address (legacyBaseUrl) may be wrong.`;
}

function bodyField(body: unknown, name: string): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const v = (body as Record<string, unknown>)[name];
  return typeof v === 'string' && v.trim() ? v.trim() : null;
}
