import { useId, useState, type FormEvent } from 'react';
import { LEGACY_MAX_LIMIT } from '../../api/legacy';
import { CAMERA_SITES, IMAGE_TYPES, VOLCANOES, type ImageType } from '../../domain/volcanoes';
import type { LegacyParams } from './legacy-params';

interface Props {
  initial: LegacyParams;
  onSubmit: (p: LegacyParams) => void;
}

/** Query form per image type (spec 02 §4.1). Its values reach the address only on submit. */
export function LegacyForm({ initial, onSubmit }: Props) {
  const id = useId();
  const [imageType, setImageType] = useState<ImageType>(initial.imageType);
  const [site, setSite] = useState(initial.site ?? '');
  const [vnum, setVnum] = useState(initial.site ? '' : initial.vnum !== undefined ? String(initial.vnum) : '');
  const [from, setFrom] = useState(initial.search_from ?? '');
  const [to, setTo] = useState(initial.search_to ?? '');
  const [limit, setLimit] = useState(initial.limit !== undefined ? String(initial.limit) : '');

  const sites = CAMERA_SITES.filter((s) => s.imageTypes.includes(imageType));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const lim = limit.trim() === '' ? undefined : Number(limit);
    onSubmit({
      imageType,
      site: site || undefined,
      vnum: site ? undefined : vnum ? Number(vnum) : undefined,
      search_from: from || undefined,
      search_to: to || undefined,
      limit: lim !== undefined && Number.isFinite(lim) ? lim : undefined,
      view: initial.view,
      page: 1,
      id: initial.id,
    });
  };

  return (
    <form className="legacy-form card" onSubmit={submit} aria-label="Legacy query">
      <div className="legacy-form__row">
        <div className="legacy-field">
          <label htmlFor={`${id}-type`}>Image type</label>
          <select
            id={`${id}-type`}
            value={imageType}
            onChange={(e) => {
              const t = e.target.value as ImageType;
              setImageType(t);
              if (site && !CAMERA_SITES.find((s) => s.site === site)?.imageTypes.includes(t)) setSite('');
            }}
          >
            {IMAGE_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <div className="legacy-field">
          <label htmlFor={`${id}-site`}>Site</label>
          <select id={`${id}-site`} value={site} onChange={(e) => setSite(e.target.value)}>
            <option value="">(any site of the volcano)</option>
            {sites.map((s) => (
              <option key={s.site} value={s.site}>
                {s.site} — {VOLCANOES.find((v) => v.vnum === s.vnum)?.name ?? s.vnum}
              </option>
            ))}
          </select>
        </div>
        <div className="legacy-field">
          <label htmlFor={`${id}-vnum`}>Volcano (vnum)</label>
          <select
            id={`${id}-vnum`}
            value={site ? '' : vnum}
            disabled={!!site}
            onChange={(e) => setVnum(e.target.value)}
          >
            <option value="">{site ? '(from the site)' : '(choose)'}</option>
            {VOLCANOES.filter((v) => v.cameraSites.some((s) => s.imageTypes.includes(imageType))).map((v) => (
              <option key={v.vnum} value={v.vnum}>
                {v.name} ({v.vnum})
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="legacy-form__row">
        <div className="legacy-field">
          <label htmlFor={`${id}-from`}>From (search_from)</label>
          <input
            id={`${id}-from`}
            type="datetime-local"
            step={60}
            value={from}
            onChange={(e) => setFrom(e.target.value.slice(0, 16))}
            aria-describedby={`${id}-zone`}
          />
        </div>
        <div className="legacy-field">
          <label htmlFor={`${id}-to`}>To (search_to)</label>
          <input
            id={`${id}-to`}
            type="datetime-local"
            step={60}
            value={to}
            onChange={(e) => setTo(e.target.value.slice(0, 16))}
            aria-describedby={`${id}-zone`}
          />
        </div>
        <div className="legacy-field">
          <label htmlFor={`${id}-limit`}>Limit</label>
          <input
            id={`${id}-limit`}
            type="number"
            min={1}
            max={LEGACY_MAX_LIMIT}
            inputMode="numeric"
            value={limit}
            onChange={(e) => setLimit(e.target.value)}
          />
        </div>
      </div>
      <p id={`${id}-zone`} className="muted legacy-form__hint">
        Times are sent exactly as typed (yyyy-mm-ddThh:mm). The v1 service does not say which zone it reads them in, and
        its own times carry no zone either.
      </p>
      <div className="button-row">
        <button type="submit" className="primary">
          Search
        </button>
      </div>
    </form>
  );
}
