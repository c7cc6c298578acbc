import { imageFileType, safeFileName, UNKNOWN_FILE_TYPE } from './image-file-type';

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('imageFileType', () => {
  it('reads the image types from their first bytes', () => {
    expect(imageFileType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toEqual({ mime: 'image/jpeg', ext: 'jpg' });
    expect(imageFileType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toEqual({ mime: 'image/png', ext: 'png' });
    expect(imageFileType(bytes('GIF89a'))).toEqual({ mime: 'image/gif', ext: 'gif' });
    expect(imageFileType(bytes('RIFF', [1, 2, 3, 4], 'WEBP'))).toEqual({ mime: 'image/webp', ext: 'webp' });
    expect(imageFileType(bytes('II*', [0]))).toEqual({ mime: 'image/tiff', ext: 'tif' });
  });

  it('calls anything else an unknown file, whatever it claims', () => {
    expect(imageFileType(bytes('<!doctype html><script>'))).toBe(UNKNOWN_FILE_TYPE);
    expect(imageFileType(bytes('<svg onload=alert(1)>'))).toBe(UNKNOWN_FILE_TYPE);
    expect(imageFileType(new Uint8Array(0))).toBe(UNKNOWN_FILE_TYPE);
  });
});

describe('safeFileName', () => {
  const jpg = { mime: 'image/jpeg', ext: 'jpg' };
  it('keeps a plain name, with the extension of what the file is', () => {
    expect(safeFileName('RKPI_20250101.jpeg', 'id', jpg)).toBe('RKPI_20250101.jpg');
    expect(safeFileName('page.html', 'id', UNKNOWN_FILE_TYPE)).toBe('page.bin');
  });

  it('drops paths, hidden-file dots, odd characters and length', () => {
    expect(safeFileName('../../.bashrc', 'id', jpg)).toBe('bashrc.jpg');
    expect(safeFileName('a\\b/c d\u0000e.exe', 'id', jpg)).toBe('a_b_c_d_e.jpg');
    expect(safeFileName('x'.repeat(300), 'id', jpg)).toBe(`${'x'.repeat(100)}.jpg`);
  });

  it('falls back to the id when nothing is left', () => {
    expect(safeFileName('...', 'abc/123', jpg)).toBe('abc_123.jpg');
    expect(safeFileName('', '', jpg)).toBe('image.jpg');
  });
});
