/**
 * The ZIP downloads of the imagery endpoint (spec 01 §4.5 modes 3 and 4), apart from imagery.ts so
 * that views which only show images (the volcano view, the wall) do not load the ZIP reader.
 */
import type { ImageType } from '../../domain/volcanoes';
import { apiBase } from '../hosts';
import { buildUrl } from '../http/url';
import { imageryServiceUrl } from './imagery';
import { type ImageryQuery } from './imagery-shapes';
import { openZip, splitIdsForUrl, type ZipAnswer, type ZipVia } from '../http/zip-stream';

/** download=true: every image matching the filters (spec 01 §4.5 mode 3), not just one page. */
export function downloadAll<B>(
  q: ImageryQuery,
  signal: AbortSignal | undefined,
  via: ZipVia<B>,
): Promise<ZipAnswer<B>> {
  const { page: _p, limit: _l, ...rest } = q;
  void _p;
  void _l;
  const url = imageryServiceUrl(rest, { download: 'true' });
  return openZip('imagery.q', url, `volcano_images_${q.imageType ?? 'infrared'}.zip`, signal, via);
}

export function selectedZipUrl(imageType: ImageType, imageIds: readonly string[]): string {
  return buildUrl(apiBase(), '/api/imagery/q', { imageType, download: 'selected', image_ids: imageIds.join(',') });
}

/** The ids of one image type in groups whose download=selected URL stays within a safe length. */
export function splitSelection(imageType: ImageType, imageIds: readonly string[]): string[][] {
  return splitIdsForUrl(imageIds, (ids) => selectedZipUrl(imageType, ids));
}

/** download=selected with the ids (spec 01 §4.5 mode 4); callers split long lists with splitSelection. */
export function downloadSelected<B>(
  imageType: ImageType,
  imageIds: readonly string[],
  signal: AbortSignal | undefined,
  via: ZipVia<B>,
): Promise<ZipAnswer<B>> {
  const url = selectedZipUrl(imageType, imageIds);
  return openZip('imagery.q', url, `volcano_images_${imageType}_selected.zip`, signal, via);
}
