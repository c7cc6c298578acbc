import { describe, expect, it } from 'vitest';
import { primedZip, zipFileName } from './zip-signature';

describe('zipFileName', () => {
  it('keeps the service’s name, adds a part before the extension, and always ends in .zip', () => {
    expect(zipFileName('volcano_images_visible_RKPI_20250310_120000.zip')).toBe(
      'volcano_images_visible_RKPI_20250310_120000.zip',
    );
    expect(zipFileName('a.ZIP', '_2-of-3')).toBe('a_2-of-3.zip');
    expect(zipFileName('page.html')).toBe('page.html.zip');
    expect(zipFileName('')).toBe('download.zip');
  });
});

describe('primedZip', () => {
  it('reads the first chunk before resolving, then gives every byte in order', async () => {
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(c) {
          pulls++;
          if (pulls <= 3) c.enqueue(new Uint8Array([pulls]));
          else c.close();
        },
      },
      { highWaterMark: 0 },
    );
    const primed = await primedZip(body);
    expect(pulls).toBe(1);
    const got: number[] = [];
    const r = primed.getReader();
    for (let x = await r.read(); !x.done; x = await r.read()) got.push(...x.value);
    expect(got).toEqual([1, 2, 3]);
  });

  it('rejects when the first read fails (a body refused as not a ZIP), before anything is saved', async () => {
    const body = new ReadableStream<Uint8Array>({ pull: (c) => c.error(new Error('not a ZIP')) });
    await expect(primedZip(body)).rejects.toThrow('not a ZIP');
  });
});
