/** The page's side of "a download is a ZIP before anything is saved", and the names ZIPs are saved under. */

/**
 * Waits for the first chunk of a checked ZIP body (src/api/zip-stream.ts releases nothing before
 * the signature was checked, and fails instead), and returns the body with that chunk in front: a
 * file is opened, created or handed to the browser only once its first bytes are known to be a ZIP.
 */
export async function primedZip(body: ReadableStream<Uint8Array>): Promise<ReadableStream<Uint8Array>> {
  const reader = body.getReader();
  const first = await reader.read();
  let head: Uint8Array | null = first.done ? null : first.value;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (head) {
          controller.enqueue(head);
          head = null;
          return;
        }
        const r = await reader.read();
        if (r.done) controller.close();
        else controller.enqueue(r.value);
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
}

/**
 * The name a ZIP is saved under: the service's (already without path separators), with `suffix`
 * before the extension, and always ending in .zip, so no answer is saved as something a click opens
 * in a browser.
 */
export function zipFileName(name: string, suffix = ''): string {
  const stem = name.replace(/\.zip$/i, '') || 'download';
  return `${stem}${suffix}.zip`;
}
