import { lazy, Suspense, useMemo } from 'react';
import { Link } from 'react-router';
import { VOLCANOES } from '../../domain/volcanoes';
import { attentionSummary } from '../../analysis/attention/attention-words';
import { useAttentionBoard } from '../../ui/attention/attention-board';
import { useAttentionSignals } from '../../ui/attention/attention-signals';
import { NotifyButton } from '../../ui/attention/attention-buttons';
import { volcanoClass } from '../../ui/attention/state-class';
import { Trans, useLingui } from '@lingui/react/macro';
import { countryName } from '../../ui/country-name';

// Each volcano's latest data, a line per channel and camera: its own chunk, loaded after the page's
// first paint (first-route budget).
const VolcanoGlance = lazy(() => import('./volcano-glance'));
// The alert log, below the list of volcanoes: its own chunk too, loaded after the first paint.
const AlertLog = lazy(() => import('../../ui/attention/alert-log').then((m) => ({ default: m.AlertLog })));

export function Component() {
  const { t } = useLingui();
  const board = useAttentionBoard();
  // Judged once every volcano's card has: before, a summary would call the rest calm.
  const all = useMemo(() => {
    const list = VOLCANOES.flatMap((v) => board[v.vnum] ?? []);
    return list.length === VOLCANOES.length ? list : null;
  }, [board]);
  useAttentionSignals(all);
  return (
    <section className="page">
      <h1>
        <Trans>Monitored volcanoes</Trans>
      </h1>
      <p>
        <Trans>
          For volcanologists: each volcano's seismic amplitude (RSAM) and camera images from the monitoring service,
          live and back in time.
        </Trans>
      </p>
      <p className="home-attention" role="status" aria-label={t`Attention`}>
        {all ? attentionSummary(all) : t`Judging each station’s RSAM…`}
      </p>
      <p className="button-row">
        <NotifyButton />
      </p>
      <ul className="volcano-list">
        {VOLCANOES.map((v) => (
          <li key={v.vnum} className={`card${board[v.vnum] ? ` card--attention-${volcanoClass(board[v.vnum]!)}` : ''}`}>
            <h2>
              <Link to={`/volcano/${v.vnum}`}>{v.name}</Link>
            </h2>
            <Suspense fallback={<p className="muted">{t`Loading the latest data…`}</p>}>
              <VolcanoGlance volcano={v} />
            </Suspense>
            <p>
              {countryName(v.country)} ·{' '}
              <Trans>
                volcano number {v.vnum} · time zone {v.defaultTimeZone}
              </Trans>
            </p>
            <p className="button-row">
              {v.verticalChannels.length > 0 && (
                <Link to={`/seismic?channels=${v.verticalChannels.join(',')}&from=now-7d&to=now`}>
                  <Trans>Seismic, last 7 days</Trans>
                </Link>
              )}
              <Link to={`/imagery?vnum=${v.vnum}&imageType=${v.cameraSites[0]?.imageTypes[0] ?? 'infrared'}`}>
                <Trans>Images</Trans>
              </Link>
            </p>
          </li>
        ))}
      </ul>
      <Suspense fallback={null}>
        <AlertLog />
      </Suspense>
    </section>
  );
}
