import { lazy, Suspense, useMemo } from 'react';
import { Link } from 'react-router';
import { VOLCANOES } from '../../domain/volcanoes';
import { attentionSummary } from '../../analysis/attention/attention-words';
import { useAttentionBoard } from '../../ui/attention/attention-board';
import { useAttentionSignals } from '../../ui/attention/attention-signals';
import { NotifyButton } from '../../ui/attention/attention-buttons';
import { AlertLog } from '../../ui/attention/alert-log';
import { volcanoClass } from '../../ui/attention/state-class';

// Each volcano's latest data, a line per channel and camera: its own chunk, loaded after the page's
// first paint (first-route budget).
const VolcanoGlance = lazy(() => import('./volcano-glance'));

export function Component() {
  const board = useAttentionBoard();
  // Judged once every volcano's card has: before, a summary would call the rest calm.
  const all = useMemo(() => {
    const list = VOLCANOES.flatMap((v) => board[v.vnum] ?? []);
    return list.length === VOLCANOES.length ? list : null;
  }, [board]);
  useAttentionSignals(all);
  return (
    <section className="page">
      <h1>Monitored volcanoes</h1>
      <p>
        For volcanologists: each volcano's seismic amplitude (RSAM) and camera images from the monitoring service, live
        and back in time.
      </p>
      <p className="home-attention" role="status" aria-label="Attention">
        {all ? attentionSummary(all) : 'Judging each station’s RSAM…'}
      </p>
      <p className="button-row">
        <NotifyButton />
      </p>
      <ul className="volcano-list">
        {VOLCANOES.map((v) => (
          <li
            key={v.vnum}
            className={`card${board[v.vnum] ? ` card--attention-${volcanoClass(board[v.vnum]!)}` : ''}`}
          >
            <h2>
              <Link to={`/volcano/${v.vnum}`}>{v.name}</Link>
            </h2>
            <Suspense fallback={<p className="muted">Loading the latest data…</p>}>
              <VolcanoGlance volcano={v} />
            </Suspense>
            <p>
              {v.country} · volcano number {v.vnum} · time zone {v.defaultTimeZone}
            </p>
            <p className="button-row">
              {v.verticalChannels.length > 0 && (
                <Link to={`/seismic?channels=${v.verticalChannels.join(',')}&from=now-7d&to=now`}>
                  Seismic, last 7 days
                </Link>
              )}
              <Link to={`/imagery?vnum=${v.vnum}&imageType=${v.cameraSites[0]?.imageTypes[0] ?? 'infrared'}`}>
                Images
              </Link>
            </p>
          </li>
        ))}
      </ul>
      <AlertLog />
    </section>
  );
}
