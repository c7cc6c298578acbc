/** Words for what is known of a frame's flags (api/image-flags.ts): confirmed, ruled out or unknown. */
import { t } from '@lingui/core/macro';
import { FLAG_NAMES, flagsOf, type FlagName, type FrameFlags } from '../../api/imagery/image-flags';
import type { ImageType } from '../../domain/volcanoes';

/** A flag's name on a card's badge, in the display language (the same English as FLAG_LABEL). */
function flagWord(f: FlagName): string {
  switch (f) {
    case 'is_empty':
      return t`Empty`;
    case 'is_night':
      return t`Night`;
    case 'is_degraded':
      return t`Degraded`;
    case 'low_visibility':
      return t`Low visibility`;
  }
}

/** The badge of a frame whose flags could not all be ruled out. */
export const qualityUnknownBadge = () => t`Quality unknown`;

/** Badges of a card: the flags the service confirmed; "Quality unknown" when it could not rule them out. */
export function flagBadges(flags: FrameFlags | undefined, imageType: ImageType): string[] {
  const applicable = flagsOf(imageType);
  const yes = applicable.filter((f) => flags?.[f] === 'yes').map(flagWord);
  if (yes.length) return yes;
  return applicable.every((f) => flags?.[f] === 'no') ? [] : [qualityUnknownBadge()];
}

/** One line per flag for the lightbox; flags the service has not for this type are unknown too. */
export function flagLines(flags: FrameFlags | undefined, imageType: ImageType): string[] {
  const applicable = flagsOf(imageType);
  return FLAG_NAMES.map((f) => {
    const name = flagWord(f);
    if (!applicable.includes(f))
      return imageType === 'visible'
        ? t`${name}: unknown (the service flags it for infrared images only)`
        : t`${name}: unknown (the service flags it for visible images only)`;
    const state = flags?.[f] ?? 'unknown';
    return state === 'yes' ? t`${name}: yes` : state === 'no' ? t`${name}: no` : t`${name}: unknown`;
  });
}

/** The frame's quality in a word: never "good" unless every flag of its type is known to be off. */
export function qualityWord(flags: FrameFlags | undefined, imageType: ImageType): string {
  const badges = flagBadges(flags, imageType);
  if (badges[0] === qualityUnknownBadge()) return t`Unknown`;
  return badges.length ? badges.join(', ') : t`Good (no flag set)`;
}
