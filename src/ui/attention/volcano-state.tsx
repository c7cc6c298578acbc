/**
 * A volcano's attention in words and colour, the same on the wall's tiles and the home page's
 * cards: its state and why, a station-health strip (each station's state), and the button that
 * acknowledges its rises. Cameras-only volcanoes say their state comes from images only.
 */
import { severity, type ChannelStatus } from '../../analysis/attention/attention';
import {
  levelPhrase,
  levelShort,
  sinceText,
  ratioText,
  statusText,
  stateWord,
  volcanoWord as volcanoWordOf,
  type VolcanoAttention,
} from '../../analysis/attention/attention-words';
import { useAttentionLog, useAttentionLogActions } from './attention-log';
import { stateClass, volcanoClass } from './state-class';
import './attention.css';

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * "Elevated", and after it why: the worst station's words with its channel. `compact` (the wall,
 * whose channel lines say the counts): the ratio and, apart in `since`, since when (a narrow tile
 * leaves that to a screen reader), without the counts.
 */
export function headline(
  v: VolcanoAttention,
  nowMs: number,
  compact = false,
): { word: string; why: string; shown?: string; since?: string } {
  if (!v.worst) return { word: 'Cameras only', why: 'no seismic station: its state comes from images only' };
  const levels = v.stations.filter((s) => ['firing', 'pending', 'normal'].includes(s.status.state));
  const top = levels.sort((a, b) => severity(b.status) - severity(a.status) || ratio(b) - ratio(a))[0];
  if (!top) {
    const w = v.worst;
    return { word: capital(stateWord(w.status)), why: `${w.station}: ${statusText(w.status, w.rule, nowMs)}` };
  }
  const st = top.status;
  // Calm says how calm, from its most active station; anything else says which channel and since when.
  if (st.state === 'normal') return { word: 'Normal', why: levelPhrase(st, top.rule), ...(compact && { shown: '' }) };
  const word = capital(stateWord(st));
  if (compact && 'since' in st && st.since !== null)
    return {
      word,
      why: `${top.channelId}: ${levelPhrase(st, top.rule)}`,
      since: ` ${sinceText(st, nowMs)}`,
    };
  return { word, why: `${top.channelId}: ${statusText(st, top.rule, nowMs).replace(/^[a-z]+: /, '')}` };
}

const ratio = (s: { status: ChannelStatus }) => ('ratio' in s.status ? s.status.ratio : 0);

/**
 * Each station's state. `compact` (the wall, where the lines and cameras need the room): a normal
 * station shows its name and green dot (its words are read by a screen reader), any other level its
 * ratio ("6.4 ×", or its counts under a level in counts: the headline says since when), with its
 * word where it is not the volcano's (the badge says that one, and the dot's colour); silence
 * says all of it, unknown and error their word.
 */
export function StationStrip({ v, nowMs, compact = false }: { v: VolcanoAttention; nowMs: number; compact?: boolean }) {
  if (v.stations.length === 0) return null;
  const volcanoWord = volcanoWordOf(v);
  return (
    <ul className={`station-strip${compact ? ' station-strip--compact' : ''}`} aria-label={`${v.name} stations`}>
      {v.stations.map((s) => {
        const text =
          compact && 'ratio' in s.status
            ? // In the volcano's own state its name and dot say it (the badge has the word, the
              // headline the level); in another, its word and level.
              stateWord(s.status) === volcanoWord
              ? ''
              : `${stateWord(s.status)} ${levelShort(s.status, s.rule)}`
            : compact && (s.status.state === 'error' || s.status.state === 'unknown')
              ? // The tile's failure line says why; a screen reader and a hover get it here too.
                stateWord(s.status)
              : statusText(s.status, s.rule, nowMs);
        return (
          <li
            key={s.station}
            className={`station-strip__item attention--${stateClass(s.status)}`}
            title={`${s.station} ${statusText(s.status, s.rule, nowMs)}`}
            aria-label={`${s.station} ${statusText(s.status, s.rule, nowMs)}`}
          >
            <span className="attention__dot" aria-hidden="true" />
            {compact && s.status.state === 'normal' ? (
              // A dot per calm station across the room (every station on one line, so the cameras keep
              // their room); its name and words are read by a screen reader, and shown on hovering.
              <span className="visually-hidden">
                {s.station} normal {ratioText(s.status.ratio)} ×
              </span>
            ) : (
              <>
                <span className="station-strip__name">{s.station}</span>
                {text && (
                  <>
                    {' '}
                    <span className="station-strip__text">{text}</span>
                  </>
                )}
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The volcano's rises nobody acknowledged yet, with the button that does. */
export function AcknowledgeRises({ vnum, name }: { vnum: number; name: string }) {
  const open = useAttentionLog().filter((e) => e.vnum === vnum && e.acked === null);
  const { acknowledge } = useAttentionLogActions();
  if (open.length === 0) return null;
  return (
    <button
      type="button"
      className="attention__ack"
      onClick={() => acknowledge(open.map((e) => e.key))}
      aria-label={`Acknowledge ${name}: ${open.map((e) => `${e.station} ${e.state}`).join(', ')}`}
    >
      Acknowledge
    </button>
  );
}

export function VolcanoState({ v, nowMs, compact = false }: { v: VolcanoAttention; nowMs: number; compact?: boolean }) {
  const h = headline(v, nowMs, compact);
  return (
    <div
      className={`attention attention--${volcanoClass(v)}${compact ? ' attention--compact' : ''}`}
      data-testid="volcano-state"
    >
      <p className="attention__line">
        <span className="attention__badge">{h.word}</span>{' '}
        {h.shown !== undefined ? (
          // The wall, calm: the word and the stations' dots shown (every station on one line, so the
          // cameras keep their room), the ratio read; the home page shows it.
          <span className="attention__why">
            {h.shown}
            <span className="visually-hidden">{h.why.slice(h.shown.length)}</span>
          </span>
        ) : (
          <span className="attention__why">
            {h.why}
            {h.since && <span className="attention__since">{h.since}</span>}
          </span>
        )}{' '}
        <AcknowledgeRises vnum={v.vnum} name={v.name} />
      </p>
      <StationStrip v={v} nowMs={nowMs} compact={compact} />
    </div>
  );
}
