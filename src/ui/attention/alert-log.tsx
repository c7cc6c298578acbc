/**
 * The alert log as a table: what rose, when (UTC), since when, and when it was acknowledged, with
 * the rule beside it; acknowledged here row by row, exported as CSV, cleared on request.
 */
import { useLingui } from '@lingui/react/macro';
import { formatInZone } from '../../domain/zoned-time';
import { stateLabel } from '../../analysis/attention/attention-words';
import { saveBlob } from '../../downloads/save-file';
import { logCsv, useAttentionLog, useAttentionLogActions } from './attention-log';

const utc = (ms: number) => `${formatInZone(ms, 'UTC', 'yyyy-MM-dd HH:mm')} UTC`;

export function AlertLog() {
  const { t } = useLingui();
  const entries = useAttentionLog();
  const { acknowledge, clear } = useAttentionLogActions();
  const newest = [...entries].reverse();
  const exportCsv = () =>
    saveBlob(
      new Blob([logCsv(entries)], { type: 'text/csv' }),
      `attention_log_${new Date().toISOString().slice(0, 16).replace(/[-:]/g, '')}Z.csv`,
    );
  return (
    <section className="alert-log" aria-labelledby="alert-log-title">
      <h2 id="alert-log-title">{t`Alert log`}</h2>
      <p className="muted">
        {t`Each rise of a station to elevated, high or silent this browser saw, newest first. Kept in this browser only.`}
      </p>
      {entries.length === 0 ? (
        <p>{t`No rise logged yet.`}</p>
      ) : (
        <>
          <p className="button-row">
            <button type="button" onClick={exportCsv}>
              {t`Export the log as CSV`}
            </button>
            <button type="button" onClick={clear}>
              {t`Clear the log`}
            </button>
          </p>
          <div className="alert-log__scroll">
            <table>
              <caption className="visually-hidden">{t`Alert log, newest first, times in UTC`}</caption>
              <thead>
                <tr>
                  <th scope="col">{t`Rose (seen)`}</th>
                  <th scope="col">{t`Volcano`}</th>
                  <th scope="col">{t`Station`}</th>
                  <th scope="col">{t`State`}</th>
                  <th scope="col">{t`What`}</th>
                  <th scope="col">{t`Acknowledged`}</th>
                </tr>
              </thead>
              <tbody>
                {newest.map((e) => (
                  <tr key={e.key}>
                    <td>{utc(e.rose)}</td>
                    <td>{e.volcano}</td>
                    <td>
                      {e.station} <span className="muted">{e.channel}</span>
                    </td>
                    <td>{stateLabel(e.state)}</td>
                    <td>
                      {e.text}
                      <br />
                      <span className="muted">{t`Rule: ${e.rule}`}</span>
                    </td>
                    <td>
                      {e.acked !== null ? (
                        utc(e.acked)
                      ) : (
                        <button
                          type="button"
                          onClick={() => acknowledge([e.key])}
                          aria-label={t`Acknowledge ${e.volcano} ${e.station} ${stateLabel(e.state)}`}
                        >
                          {t`Acknowledge`}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
