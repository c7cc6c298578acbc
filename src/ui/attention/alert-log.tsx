/**
 * The alert log as a table: what rose, when (UTC), since when, and when it was acknowledged, with
 * the rule beside it; acknowledged here row by row, exported as CSV, cleared on request.
 */
import { formatInZone } from '../../domain/zoned-time';
import { saveBlob } from '../../downloads/save-file';
import { logCsv, useAttentionLog, useAttentionLogActions } from './attention-log';

const utc = (ms: number) => `${formatInZone(ms, 'UTC', 'yyyy-MM-dd HH:mm')} UTC`;

export function AlertLog() {
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
      <h2 id="alert-log-title">Alert log</h2>
      <p className="muted">
        Each rise of a station to elevated, high or silent this browser saw, newest first. Kept in this browser only.
      </p>
      {entries.length === 0 ? (
        <p>No rise logged yet.</p>
      ) : (
        <>
          <p className="button-row">
            <button type="button" onClick={exportCsv}>
              Export the log as CSV
            </button>
            <button type="button" onClick={clear}>
              Clear the log
            </button>
          </p>
          <div className="alert-log__scroll">
            <table>
              <caption className="visually-hidden">Alert log, newest first, times in UTC</caption>
              <thead>
                <tr>
                  <th scope="col">Rose (seen)</th>
                  <th scope="col">Volcano</th>
                  <th scope="col">Station</th>
                  <th scope="col">State</th>
                  <th scope="col">What</th>
                  <th scope="col">Acknowledged</th>
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
                    <td>{e.state}</td>
                    <td>
                      {e.text}
                      <br />
                      <span className="muted">Rule: {e.rule}</span>
                    </td>
                    <td>
                      {e.acked !== null ? (
                        utc(e.acked)
                      ) : (
                        <button
                          type="button"
                          onClick={() => acknowledge([e.key])}
                          aria-label={`Acknowledge ${e.volcano} ${e.station} ${e.state}`}
                        >
                          Acknowledge
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
