/**
 * What an image file is, read from its first bytes rather than from the service's Content-Type or
 * file name: a file saved or opened by this app carries a type and a name the app chose.
 */

export interface ImageFileType {
  /** The MIME type the app gives the file; `application/octet-stream` when it is no image it knows. */
  mime: string;
  /** The file name's extension, without the dot. */
  ext: string;
}

const KNOWN: ReadonlyArray<{ type: ImageFileType; starts: (b: Uint8Array) => boolean }> = [
  { type: { mime: 'image/jpeg', ext: 'jpg' }, starts: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: { mime: 'image/png', ext: 'png' },
    starts: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v),
  },
  { type: { mime: 'image/gif', ext: 'gif' }, starts: (b) => ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a') },
  { type: { mime: 'image/webp', ext: 'webp' }, starts: (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP') },
  {
    type: { mime: 'image/tiff', ext: 'tif' },
    starts: (b) => ascii(b, 0, 'II*\u0000') || ascii(b, 0, 'MM\u0000*'),
  },
];

export const UNKNOWN_FILE_TYPE: ImageFileType = { mime: 'application/octet-stream', ext: 'bin' };

function ascii(b: Uint8Array, at: number, s: string): boolean {
  for (let i = 0; i < s.length; i++) if (b[at + i] !== s.charCodeAt(i)) return false;
  return true;
}

/** The image type `head` (a file's first 12 bytes or more) starts as; UNKNOWN_FILE_TYPE otherwise. */
export function imageFileType(head: Uint8Array): ImageFileType {
  return KNOWN.find((k) => k.starts(head))?.type ?? UNKNOWN_FILE_TYPE;
}

/**
 * A file name from `stem` (the service's file name, or the record's id) that is only letters, digits,
 * `.`, `_` and `-`, at most 100 characters, no leading dot, with the extension of what the file is.
 * `fallback` (the image id, cleaned the same way) stands in for a stem with nothing left.
 */
export function safeFileName(stem: string, fallback: string, type: ImageFileType): string {
  const clean = (s: string) =>
    s
      .replace(/\.[A-Za-z0-9]{1,5}$/, '')
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^[._-]+/, '')
      .slice(0, 100);
  const base = clean(stem) || clean(fallback) || 'image';
  return `${base}.${type.ext}`;
}
