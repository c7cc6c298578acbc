/**
 * Which of the volcano's channels the RSAM chart draws, station by station, as the seismic view's
 * channel list: plain checkboxes (Tab and Space work everywhere), the choice written to the link.
 */
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { parseChannelId, type ChannelRef } from '../../domain/channel-id';
import type { Volcano } from '../../domain/volcanoes';
import { MAX_VOLCANO_CHANNELS } from './volcano-params';

interface Props {
  volcano: Volcano;
  /** The channel ids charted now. */
  charted: readonly string[];
  onChange: (channels: ChannelRef[]) => void;
}

/** Each station's vertical channel (its `…Z`), the first of its list otherwise. */
function verticalOfEach(v: Volcano): string[] {
  return v.stations.map((s) => {
    const z = s.channels.find((c) => c.endsWith('Z')) ?? s.channels[0]!;
    return `${s.network}.${s.station}..${z}`;
  });
}

export function StationChannels({ volcano, charted, onChange }: Props) {
  const chosen = new Set(charted);
  const set = (ids: readonly string[]) => onChange(ids.map((id) => parseChannelId(id)!));
  const toggle = (id: string, on: boolean) => set(on ? [...charted, id] : charted.filter((c) => c !== id));
  const full = charted.length >= MAX_VOLCANO_CHANNELS;
  const everyStation = verticalOfEach(volcano).slice(0, MAX_VOLCANO_CHANNELS);
  const { t } = useLingui();
  const list = charted.join(', ');
  const defaults = volcano.verticalChannels.join(', ');
  const stations = volcano.stations.length;
  const count = charted.length;

  return (
    <details className="volcano-channels card">
      <summary>
        {plural(stations, {
          one: `Channels: ${list} · # station to choose from`,
          other: `Channels: ${list} · # stations to choose from`,
        })}
      </summary>
      <div className="button-row">
        <button type="button" onClick={() => set(everyStation)}>
          <Trans>Every station’s vertical channel</Trans>
        </button>
        <button type="button" onClick={() => onChange([])}>
          <Trans>The default ({defaults})</Trans>
        </button>
        <span className="muted">{t`${count} of at most ${MAX_VOLCANO_CHANNELS} charted`}</span>
      </div>
      <div className="volcano-channels__stations">
        {volcano.stations.map((s) => {
          const station = `${s.network}.${s.station}`;
          return (
            <fieldset key={s.station} className="volcano-channels__station">
              <legend>{t`Station ${station}`}</legend>
              {s.channels.map((c) => {
                const id = `${s.network}.${s.station}..${c}`;
                const on = chosen.has(id);
                return (
                  <label key={id} className="volcano-channels__channel">
                    <input
                      type="checkbox"
                      checked={on}
                      // The last channel stays: a chart of none would say nothing.
                      disabled={on ? charted.length === 1 : full}
                      onChange={(e) => toggle(id, e.target.checked)}
                    />{' '}
                    {id}
                  </label>
                );
              })}
            </fieldset>
          );
        })}
      </div>
    </details>
  );
}
