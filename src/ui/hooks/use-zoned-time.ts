import { useEffect, useState, useSyncExternalStore } from 'react';
import { loadZonedTime, onZonedTimeLoaded, zonedTimeIfLoaded, type ZonedTime } from '../../domain/zoned-time-loader';

/**
 * The zone formatter when `needed`, loading it on first need: null until it has loaded. `failed`
 * when its chunk could not load (the view then stays on UTC, labelled UTC, and says why).
 */
export function useZonedTime(needed: boolean): { zoned: ZonedTime | null; failed: boolean } {
  const zoned = useSyncExternalStore(onZonedTimeLoaded, zonedTimeIfLoaded, zonedTimeIfLoaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!needed || zoned) return;
    let live = true;
    loadZonedTime().catch(() => {
      if (live) setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [needed, zoned]);
  return { zoned, failed: failed && !zoned };
}
