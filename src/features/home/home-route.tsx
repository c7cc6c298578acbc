import { Link } from 'react-router';
import { VOLCANOES } from '../../domain/volcanoes';

export function Component() {
  return (
    <section className="page">
      <h1>Monitored volcanoes</h1>
      <ul className="volcano-list">
        {VOLCANOES.map((v) => (
          <li key={v.vnum} className="card">
            <h2>
              <Link to={`/volcano/${v.vnum}`}>{v.name}</Link>
            </h2>
            <p>
              {v.country} · volcano number {v.vnum} · time zone {v.defaultTimeZone}
            </p>
            <p>
              {v.stations.length
                ? `Seismic network ${v.network}: ${v.stations.map((s) => s.station).join(', ')}`
                : 'Cameras only (no seismic channels)'}
              {' · '}
              Cameras: {v.cameraSites.map((c) => `${c.site} (${c.imageTypes.join(', ')})`).join(', ')}
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
    </section>
  );
}
