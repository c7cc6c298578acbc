/** ZIP building (fflate, stored entries: JPEGs do not compress). */
import { zipSync, type Zippable } from 'fflate';

export function storeZip(entries: ReadonlyArray<[path: string, bytes: Uint8Array]>): Uint8Array {
  const files: Zippable = {};
  for (const [p, b] of entries) files[p] = [b, { level: 0 }];
  return zipSync(files);
}
