/**
 * A volcano's state at a glance on the home page: each vertical channel's latest RSAM (value,
 * channel, time in UTC and age) and each camera's newest image (time in the zone the service gave
 * it, and age). A chunk of its own, loaded after the page's first paint (home-route.tsx).
 *
 * Requests, once a minute while the page is open, within the budgets (docs/service.md 01 §8):
 * /api/seismic/rsam/latest once for every volcano (one query: 1 of 60); /api/seismic/rsam one per
 * station (its watched channel, attention.ts) for its latest day and the day before, the attention
 * rule's baseline (10 of 100; a day before yesterday comes from the browser's RSAM cache, no request); /api/imagery/q one per camera site and image type, the wall's own queries
 * (8 of 100).
 */
import { select, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { imageryQueries } from '../../api/imagery/imagery';
import { refetchOnRetry } from '../../api/http/retry';
import { seismicQueries, type LatestChannel } from '../../api/seismic';
import { parseChannelId, type ChannelRef } from '../../domain/channel-id';
import { formatNumber } from '../../domain/format-number';
import { DAY_MS, parseIsoDay, startOfUtcDay, type UtcMs } from '../../domain/time';
import type { ImageType, Volcano } from '../../domain/volcanoes';
import { failureKindOf } from '../../ui/failures/failure-kind';
import { failureText } from '../../ui/failures/failure-kind-text';
import { utcStamp } from '../../ui/utc-stamp';
import { imageTimeText, rsamTimeText } from './glance-text';
import { watchedChannels } from '../../analysis/attention/attention';
import { judgeVolcano } from '../../ui/attention/judge-volcano';
import { attentionSettings, longestBaselineHours } from '../../ui/attention/settings';
import { useReportAttention } from '../../ui/attention/attention-board';
import { VolcanoState } from '../../ui/attention/volcano-state';
import './home.css';

const REFRESH_MS = 60_000;

/** "Infrared POAS": a camera by its kind and site. */
const cameraName = (type: ImageType, site: string) =>
  select(type, { infrared: `Infrared ${site}`, visible: `Visible ${site}`, other: `${type} ${site}` });

/** The clock the ages read, every 10 s. */
function useClock(): UtcMs {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 10_000);
    return () => clearInterval(t);
  }, []);
  return now;
}

/** The latest day the service lists for a channel, never after today (a later one is not asked for). */
function latestDay(list: readonly LatestChannel[] | undefined, ref: ChannelRef, now: UtcMs): UtcMs | null {
  const c = list?.find((x) => x.network === ref.network && x.station === ref.station && x.channel === ref.channel);
  const day = c ? parseIsoDay(c.latest_date) : null;
  return day === null ? null : Math.min(day, startOfUtcDay(now));
}

/**
 * "the service answers 500, last tried 14:05 UTC", or null while it answers. Not "since": a page
 * just opened knows only its own tries, not when the failure began.
 */
function failing(r: UseQueryResult<unknown>, now: UtcMs): string | null {
  const kind = r.isError ? failureKindOf(r.error) : null;
  if (!kind) return null;
  const what = failureText(kind, now);
  const tried = utcStamp(r.errorUpdatedAt, now);
  return t`${what}, last tried ${tried}`;
}

function Item({ name, children, bad }: { name: string; children: ReactNode; bad?: string | null }) {
  return (
    <li>
      <span className="glance__name">{name}:</span> {children}
      {bad && <span className="glance__bad"> ({bad})</span>}
    </li>
  );
}

/** "11:59 UTC · 1 min ago", kept whole on a line. */
const When = ({ text }: { text: string }) => <span className="glance__when">{text}</span>;

export default function VolcanoGlance({ volcano }: { volcano: Volcano }) {
  const { t } = useLingui();
  const now = useClock();
  const refetch = { refetchInterval: refetchOnRetry(REFRESH_MS) };
  const latest = useQuery({ ...seismicQueries.latest(), ...refetch });
  const watched = watchedChannels(volcano).flatMap(({ id, station }) => {
    const ref = parseChannelId(id);
    return ref ? [{ id, ref, station, day: latestDay(latest.data?.channels, ref, now) }] : [];
  });
  // The latest day and the days before it that the longest configured baseline spans (one with the
  // shipped 24 h): the level is judged against its own RSAM over the whole baseline.
  const baselineDays = Math.max(1, Math.ceil(longestBaselineHours() / 24));
  const rsamAll = useQueries({
    queries: watched.map((c) => ({
      ...seismicQueries.rsam({ channel: c.ref, from: (c.day ?? 0) - baselineDays * DAY_MS, to: c.day ?? 0 }),
      enabled: c.day !== null,
      ...refetch,
    })),
  });
  const shown = watched.flatMap((c, i) => (volcano.verticalChannels.includes(c.id) ? [i] : []));
  const channels = shown.map((i) => watched[i]!);
  const rsam = shown.map((i) => rsamAll[i]!);
  // Judged when an answer or the minute changes (the ages tick every 10 s; the rule by the minute).
  const minute = Math.floor(now / 60_000) * 60_000;
  const stationData = watched.map((c, i) => ({
    station: c.station,
    id: c.id,
    result: c.day === null && latest.isError ? { data: undefined, isError: true, error: latest.error } : rsamAll[i]!,
  }));
  const dataKey = stationData.map((s) => s.result.data ?? s.result.error ?? null);
  const attention = useMemo(
    () => judgeVolcano(volcano, stationData, attentionSettings(), minute),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- judged again when an answer changes, not on each new result object
    [volcano, minute, ...dataKey],
  );
  const report = useReportAttention();
  useEffect(() => report(attention), [attention, report]);
  const cameras = volcano.cameraSites.flatMap((s) => s.imageTypes.map((imageType) => ({ site: s.site, imageType })));
  const images = useQueries({
    queries: cameras.map((c) => ({
      ...imageryQueries.page({ site: c.site, imageType: c.imageType, limit: 1, order: 'desc' }),
      ...refetch,
    })),
  });

  return (
    <>
      <VolcanoState v={attention} nowMs={now} />
      <ul className="glance" aria-label={t`${volcano.name}: latest data`}>
        {channels.length === 0 && <li className="muted">{t`RSAM: no seismic station at this volcano.`}</li>}
        {channels.map((c, i) => {
          const r = rsam[i]!;
          const s = r.data;
          const n = s ? s.times.length : 0;
          const bad = failing(r, now);
          return (
            <Item key={c.id} name={c.id} bad={s ? bad : null}>
              {n > 0 ? (
                <>
                  <Trans>
                    <strong>{formatNumber(Math.round(s!.values[n - 1]!))}</strong> counts at{' '}
                    <When text={rsamTimeText(s!.times[n - 1]! * 1000, now)} />
                  </Trans>
                </>
              ) : s ? (
                <span className="muted">{t`unknown: no RSAM on its latest listed day`}</span>
              ) : bad ? (
                <span className="glance__bad">{t`unknown, ${bad}`}</span>
              ) : latest.isError && !latest.data ? (
                <span className="glance__bad">
                  {t`unknown: its latest day is not known (/api/seismic/rsam/latest: ${failing(latest, now)})`}
                </span>
              ) : latest.data && c.day === null ? (
                <span className="muted">{t`unknown: not in the service's list of latest days`}</span>
              ) : (
                <span className="muted">{t`loading…`}</span>
              )}
            </Item>
          );
        })}
        {cameras.map((c, i) => {
          const r = images[i]!;
          const img = r.data?.results[0];
          const key = `${c.site} ${c.imageType}`;
          const bad = failing(r, now);
          return (
            <Item key={key} name={cameraName(c.imageType, c.site)} bad={r.data ? bad : null}>
              {img ? (
                <Trans>
                  newest image <When text={imageTimeText(img.time, now)} />
                </Trans>
              ) : r.data ? (
                <span className="muted">{t`no image`}</span>
              ) : bad ? (
                <span className="glance__bad">{t`unknown, ${bad}`}</span>
              ) : (
                <span className="muted">{t`loading…`}</span>
              )}
            </Item>
          );
        })}
      </ul>
    </>
  );
}
