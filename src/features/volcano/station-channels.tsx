/**
 * Which of the volcano's channels the RSAM chart draws, station by station, as the seismic view's
 * channel list: plain checkboxes (Tab and Space work everywhere), the choice written to the link.
 */
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

  return (
    <details className="volcano-channels card">
      <summary>
        Channels: {charted.join(', ')} · {volcano.stations.length} station{volcano.stations.length === 1 ? '' : 's'} to
        choose from
      </summary>
      <div className="button-row">
        <button type="button" onClick={() => set(everyStation)}>
          Every station’s vertical channel
        </button>
        <button type="button" onClick={() => onChange([])}>
          The default ({volcano.verticalChannels.join(', ')})
        </button>
        <span className="muted">
          {charted.length} of at most {MAX_VOLCANO_CHANNELS} charted
        </span>
      </div>
      <div className="volcano-channels__stations">
        {volcano.stations.map((s) => (
          <fieldset key={s.station} className="volcano-channels__station">
            <legend>
              Station {s.network}.{s.station}
            </legend>
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
        ))}
      </div>
    </details>
  );
}
