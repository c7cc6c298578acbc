/**
 * Every way a body is read, in one place: the transports (transport.ts, the parse worker's
 * request) read through these, so a bound on what is read applies to all of them here.
 */

export const readText = (res: Response): Promise<string> => res.text();
export const readBytes = (res: Response): Promise<ArrayBuffer> => res.arrayBuffer();
export const readBlob = (res: Response): Promise<Blob> => res.blob();
/** The body unread, for streaming to disk (ZIPs); null when the answer has none. */
export const bodyStream = (res: Response): Promise<ReadableStream<Uint8Array> | null> => Promise.resolve(res.body);

/** An error answer's body as text; null when it cannot be read (send words the status alone). */
export async function readErrorText(res: Response): Promise<string | null> {
  try {
    return await res.text();
  } catch {
    return null;
  }
}
