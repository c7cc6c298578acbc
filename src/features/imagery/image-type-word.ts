import { select } from '@lingui/core/macro';
import type { ImageType } from '../../domain/volcanoes';

/**
 * An image's type in a word of the display language, as it stands beside a site ("CLNE · infrared"):
 * the service's `image_type` values are English words, shown as Spanish reads them.
 */
export const imageTypeWord = (type: ImageType): string =>
  select(type, { infrared: 'infrared', visible: 'visible', other: `${type}` });
