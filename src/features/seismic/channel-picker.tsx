/**
 * Channel picker: /api/seismic/sites grouped volcano → station → channel, each with its latest
 * day from /api/seismic/rsam/latest and a stale mark when it lags the newest channel.
 * Plain checkboxes, so Tab/Space work everywhere; the filter narrows the list as you type.
 */
import { useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { seismicQueries } from '../../api/seismic';
import { formatChannelId, sameChannel, type ChannelRef } from '../../domain/channel-id';
import { volcanoForStation } from '../../domain/volcanoes';
import { ErrorPanel } from '../../ui/error-panel';
import { useWhenIdle } from '../../ui/hooks/use-when-idle';
import { MAX_CHANNELS } from './seismic-params';

interface Props {
  selected: readonly ChannelRef[];
  onChange: (next: ChannelRef[]) => void;
}

interface Group {
  volcano: string;
  stations: Array<{
    station: string;
    channels: Array<{
      ref: ChannelRef;
      id: string;
      latest?: string;
      stale: boolean;
      /** Listed channels differing only by location: the RSAM request cannot tell them apart. */
      twins: string[];
    }>;
  }>;
}

export function ChannelPicker({ selected, onChange }: Props) {
  const { t } = useLingui();
  const sites = useQuery(seismicQueries.sites());
  const latest = useQuery(seismicQueries.latest());
  const [filter, setFilter] = useState('');
  const filterId = useId();

  // The list, two thirds of the view's elements, waits for the browser's first idle moment: a view
  // opened on channels draws their chart first (the list in its render held a cached year's chart
  // back by ~100 ms of 430–650 here). On a slower load the list is idle-ready long before the data.
  const listReady = useWhenIdle();
  const groups = useMemo((): Group[] => {
    if (!sites.data || !listReady) return [];
    const latestById = new Map<string, string>();
    let newest = '';
    for (const c of latest.data?.channels ?? []) {
      // The service keys channels by network/station/channel; the location may differ.
      latestById.set(`${c.network}.${c.station}.${c.channel}`, c.latest_date);
      if (c.latest_date > newest) newest = c.latest_date;
    }
    const words = filter.trim().toUpperCase().split(/\s+/).filter(Boolean);
    // Spec 01 §4.1 asks for a series by network, station and channel, with no location: listed
    // channels that differ only by location all get the one series the service picks.
    const byRequest = new Map<string, string[]>();
    for (const c of sites.data.channels) {
      const k = `${c.network}.${c.station}.${c.channel}`;
      byRequest.set(k, [...(byRequest.get(k) ?? []), formatChannelId(c)]);
    }
    const byVolcano = new Map<string, Map<string, Group['stations'][number]['channels']>>();
    for (const c of sites.data.channels) {
      const id = formatChannelId(c);
      const network = c.network;
      const volcano = volcanoForStation(c.network, c.station)?.name ?? t`Network ${network}`;
      const hay = `${id} ${volcano.toUpperCase()}`;
      if (!words.every((w) => hay.includes(w))) continue;
      const l = latestById.get(`${c.network}.${c.station}.${c.channel}`);
      const stations = byVolcano.get(volcano) ?? new Map();
      byVolcano.set(volcano, stations);
      const key = `${c.network}.${c.station}`;
      const list = stations.get(key) ?? [];
      stations.set(key, list);
      const twins = (byRequest.get(`${c.network}.${c.station}.${c.channel}`) ?? []).filter((t) => t !== id);
      list.push({ ref: c, id, latest: l, stale: !!l && !!newest && l < newest, twins });
    }
    return [...byVolcano].map(([volcano, st]) => ({
      volcano,
      stations: [...st].map(([station, channels]) => ({ station, channels })),
    }));
  }, [sites.data, latest.data, filter, listReady, t]);

  const full = selected.length >= MAX_CHANNELS;
  // The service's own words, shown as sent.
  const latestProblem = latest.isError ? String((latest.error as Error).message) : '';
  const toggle = (ref: ChannelRef, on: boolean) => {
    if (on) {
      if (!full && !selected.some((s) => sameChannel(s, ref))) onChange([...selected, ref]);
    } else onChange(selected.filter((s) => !sameChannel(s, ref)));
  };

  return (
    <section className="card channel-picker" aria-labelledby={`${filterId}-h`}>
      <h2 id={`${filterId}-h`}>{t`Channels`}</h2>
      {selected.length > 0 && (
        <ul className="channel-chips" aria-label={t`Selected channels`}>
          {selected.map((c) => {
            const id = formatChannelId(c);
            return (
              <li key={id}>
                <code>{id}</code>
                <button type="button" aria-label={t`Remove ${id}`} onClick={() => toggle(c, false)}>
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <p className="muted" aria-live="polite">
        {plural(selected.length, {
          one: `# of at most ${MAX_CHANNELS} chosen.`,
          other: `# of at most ${MAX_CHANNELS} chosen.`,
        })}
        {full && ' ' + t`Remove one to choose another.`}
      </p>
      <label htmlFor={filterId}>{t`Filter channels`}</label>
      <input
        id={filterId}
        type="search"
        value={filter}
        placeholder={t`e.g. HHZ, VPCC, Poás`}
        onChange={(e) => setFilter(e.target.value)}
      />
      {(sites.isPending || (sites.data && !listReady)) && <p role="status">{t`Loading the channel list…`}</p>}
      {sites.isError && (
        <ErrorPanel error={sites.error} onRetry={() => void sites.refetch()} context={t`Loading the channel list`} />
      )}
      {latest.isError && (
        <p className="muted">{t`Latest days are unavailable (${latestProblem}); channels can still be chosen.`}</p>
      )}
      {sites.data && listReady && groups.length === 0 && (
        <p className="muted">
          <Trans>No channel matches “{filter}”.</Trans>
        </p>
      )}
      <div className="channel-groups">
        {groups.map((g) => (
          <fieldset key={g.volcano}>
            <legend>{g.volcano}</legend>
            {g.stations.map((s) => (
              <div key={s.station} className="channel-station">
                <h3>{s.station}</h3>
                <ul>
                  {s.channels.map((c) => {
                    const checked = selected.some((x) => sameChannel(x, c.ref));
                    return (
                      <li key={c.id}>
                        <label className={c.stale ? 'stale' : undefined}>
                          <input
                            type="checkbox"
                            checked={checked}
                            disabled={!checked && full}
                            onChange={(e) => toggle(c.ref, e.target.checked)}
                          />
                          <code>{c.id}</code>
                          <span className="channel-latest">
                            {c.latest ? t`latest ${c.latest} UTC` : latest.isPending ? '' : t`no latest day`}
                            {c.stale && <strong className="stale-mark"> · {t`stale`}</strong>}
                          </span>
                          {c.twins.length > 0 && (
                            <span className="channel-twins">
                              {t`the same series as ${c.twins.join(', ')}: the service takes no location code`}
                            </span>
                          )}
                        </label>
                      </li>
                    );
                  })}
                </ul>
              </div>
            ))}
          </fieldset>
        ))}
      </div>
    </section>
  );
}
