import { useLingui } from '@lingui/react/macro';
import { getRuntimeConfig } from '../config/runtime-config';

/**
 * Said in every header while config.json has `mock: true`: the data is generated in the browser, so
 * nobody reads a made-up eruption as a real one (the wall runs unattended on a big screen). `short`:
 * the wall's header, where every character is taken from the tiles' room.
 */
export function DemoBadge({ short = false }: { short?: boolean }) {
  const { t } = useLingui();
  if (!getRuntimeConfig().mock) return null;
  return (
    <span className="demo-badge" role="note" title={t`config.json has mock: true: the dashboard shows made-up data`}>
      {short ? t`Made-up demo data` : t`Demo data: made up, not from the service`}
    </span>
  );
}
