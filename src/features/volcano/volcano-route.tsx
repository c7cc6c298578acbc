import { Trans } from '@lingui/react/macro';
import { Link, useParams } from 'react-router';
import { findVolcano, VOLCANOES } from '../../domain/volcanoes';
import { VolcanoView } from './volcano-view';

export function Component() {
  const { vnum } = useParams();
  const v = vnum && /^\d+$/.test(vnum) ? findVolcano(Number(vnum)) : undefined;
  if (!v) {
    return (
      <section className="page">
        <h1>
          <Trans>Volcano not found</Trans>
        </h1>
        <p role="alert" className="notice">
          <Trans>There is no volcano number “{vnum}” in the reference table. These are the monitored volcanoes:</Trans>
        </p>
        <ul>
          {VOLCANOES.map((x) => (
            <li key={x.vnum}>
              <Link to={`/volcano/${x.vnum}`}>
                {x.name} ({x.vnum})
              </Link>
            </li>
          ))}
        </ul>
      </section>
    );
  }
  // A new volcano is a new view: no state carries over.
  return <VolcanoView key={v.vnum} volcano={v} />;
}
