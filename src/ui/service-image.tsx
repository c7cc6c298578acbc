/**
 * Every image the service's records point to is shown through these: an address the deployment does
 * not trust (src/config/image-policy.ts) is never requested, and a placeholder says whose it was.
 */
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { ImgHTMLAttributes } from 'react';
import { checkServiceImage } from '../config/image-policy';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'> & { src: string; alt: string };

export function ServiceImage({ src, alt, className, ...img }: Props) {
  const check = checkServiceImage(src);
  if (!check.ok) return <RefusedImage host={check.host} reason={check.reason} label={alt} className={className} />;
  return <img src={check.url} alt={alt} className={className} {...img} />;
}

/** What stands where a refused image would be: the host named, the reason on hover and to readers. */
export function RefusedImage({
  host,
  reason,
  label,
  className,
}: {
  host: string;
  reason: string;
  /** What the image would have shown (its alt text), kept for screen readers. */
  label?: string;
  className?: string | undefined;
}) {
  return (
    <span
      className={`refused-image${className ? ` ${className}` : ''}`}
      role="img"
      aria-label={
        label
          ? t`${label}: not loaded, image from an unlisted host: ${host} (${reason})`
          : t`not loaded, image from an unlisted host: ${host} (${reason})`
      }
      title={reason}
    >
      <span>
        <Trans>Image from an unlisted host:</Trans>
      </span>{' '}
      <code>{host}</code>
    </span>
  );
}

/** Whether the app would load `url` as an image, for links to and preloads of image files. */
export function loadableImageUrl(url: string): string | null {
  const check = checkServiceImage(url);
  return check.ok ? check.url : null;
}
