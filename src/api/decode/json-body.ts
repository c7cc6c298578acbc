/** JSON bodies: fetched as text through `send`, parsed, and (the common case) judged by a schema. */
import type * as v from 'valibot';
import { ApiError, notJsonDetail } from '../http/errors';
import { ENDPOINT_LABELS, type EndpointKey } from '../endpoints';
import { readText } from '../http/read-body';
import { send, type RequestOptions } from '../http/send';
import { fetchTransport } from '../http/transport';
import { validate, type Schema } from './validate';

const asText = fetchTransport(readText);

/** A body's text as JSON; text that does not parse is a `malformed` ApiError. */
export function parseJson(text: string, endpoint: EndpointKey, url: string, status?: number): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError({
      kind: 'malformed',
      endpoint: ENDPOINT_LABELS[endpoint],
      url,
      status,
      detail: notJsonDetail(JSON.stringify(text.slice(0, 40))),
    });
  }
}

/** A request whose 2xx body is JSON, parsed (not yet checked). */
export async function fetchJson(opts: Omit<RequestOptions<string>, 'transport'>): Promise<unknown> {
  const { body, status } = await send({ ...opts, transport: asText });
  return parseJson(body, opts.endpoint, opts.url, status);
}

/** GET + JSON + schema: the common case. */
export async function getJson<S extends Schema>(
  opts: Omit<RequestOptions<string>, 'transport'> & { schema: S },
): Promise<v.InferOutput<S>> {
  return validate(opts.schema, await fetchJson(opts), ENDPOINT_LABELS[opts.endpoint], opts.url);
}
