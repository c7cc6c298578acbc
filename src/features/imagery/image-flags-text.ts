/** Words for what is known of a frame's flags (api/image-flags.ts): confirmed, ruled out or unknown. */
import { FLAG_LABEL, FLAG_NAMES, flagsOf, type FrameFlags } from '../../api/imagery/image-flags';
import type { ImageType } from '../../domain/volcanoes';

/** Badges of a card: the flags the service confirmed; "Quality unknown" when it could not rule them out. */
export function flagBadges(flags: FrameFlags | undefined, imageType: ImageType): string[] {
  const applicable = flagsOf(imageType);
  const yes = applicable.filter((f) => flags?.[f] === 'yes').map((f) => FLAG_LABEL[f]);
  if (yes.length) return yes;
  return applicable.every((f) => flags?.[f] === 'no') ? [] : ['Quality unknown'];
}

/** One line per flag for the lightbox; flags the service has not for this type are unknown too. */
export function flagLines(flags: FrameFlags | undefined, imageType: ImageType): string[] {
  const applicable = flagsOf(imageType);
  return FLAG_NAMES.map((f) => {
    const state = flags?.[f] ?? 'unknown';
    if (!applicable.includes(f))
      return `${FLAG_LABEL[f]}: unknown (the service flags it for ${imageType === 'visible' ? 'infrared' : 'visible'} images only)`;
    return `${FLAG_LABEL[f]}: ${state}`;
  });
}

/** The frame's quality in a word: never "good" unless every flag of its type is known to be off. */
export function qualityWord(flags: FrameFlags | undefined, imageType: ImageType): string {
  const badges = flagBadges(flags, imageType);
  if (badges[0] === 'Quality unknown') return 'Unknown';
  return badges.length ? badges.join(', ') : 'Good (no flag set)';
}
