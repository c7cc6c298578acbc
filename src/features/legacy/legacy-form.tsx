import { useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { LEGACY_MAX_LIMIT } from '../../api/legacy';
import { CAMERA_SITES, VOLCANOES, type ImageType } from '../../domain/volcanoes';
import { CountInput, FormField } from '../../ui/form-field';
import { ImageTypeOptions, VolcanoOptions } from '../../ui/reference-options';
import type { LegacyParams } from './legacy-params';

interface Props {
  initial: LegacyParams;
  onSubmit: (p: LegacyParams) => void;
}

/** Query form per image type (spec 02 §4.1). Its values reach the address only on submit. */
export function LegacyForm({ initial, onSubmit }: Props) {
  const { t } = useLingui();
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
    <form className="legacy-form card" onSubmit={submit} aria-label={t`Legacy query`}>
      <div className="legacy-form__row">
        <FormField label={t`Image type`} className="legacy-field">
          {(control) => (
            <select
              {...control}
              value={imageType}
              onChange={(e) => {
                const type = e.target.value as ImageType;
                setImageType(type);
                if (site && !CAMERA_SITES.find((s) => s.site === site)?.imageTypes.includes(type)) setSite('');
              }}
            >
              <ImageTypeOptions />
            </select>
          )}
        </FormField>
        <FormField label={t`Site`} className="legacy-field">
          {(control) => (
            <select {...control} value={site} onChange={(e) => setSite(e.target.value)}>
              <option value="">{t`(any site of the volcano)`}</option>
              {sites.map((s) => (
                <option key={s.site} value={s.site}>
                  {s.site} — {VOLCANOES.find((v) => v.vnum === s.vnum)?.name ?? s.vnum}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t`Volcano (vnum)`} className="legacy-field">
          {(control) => (
            <select {...control} value={site ? '' : vnum} disabled={!!site} onChange={(e) => setVnum(e.target.value)}>
              <VolcanoOptions
                volcanoes={VOLCANOES.filter((v) => v.cameraSites.some((s) => s.imageTypes.includes(imageType)))}
                none={site ? t`(from the site)` : t`(choose)`}
              />
            </select>
          )}
        </FormField>
      </div>
      <div className="legacy-form__row">
        {(
          [
            ['from', t`From (search_from)`, from, setFrom],
            ['to', t`To (search_to)`, to, setTo],
          ] as const
        ).map(([key, label, value, setValue]) => (
          <FormField key={key} label={label} className="legacy-field" describedBy={`${id}-zone`}>
            {(control) => (
              <input
                {...control}
                type="datetime-local"
                step={60}
                value={value}
                onChange={(e) => setValue(e.target.value.slice(0, 16))}
              />
            )}
          </FormField>
        ))}
        <FormField label={t`Limit`} className="legacy-field">
          {(control) => <CountInput {...control} max={LEGACY_MAX_LIMIT} value={limit} onChange={setLimit} />}
        </FormField>
      </div>
      <p id={`${id}-zone`} className="muted legacy-form__hint">
        {t`Times are sent exactly as typed (yyyy-mm-ddThh:mm). The v1 service does not say which zone it reads them in, and its own times carry no zone either.`}
      </p>
      <div className="button-row">
        <button type="submit" className="primary">
          {t`Search`}
        </button>
      </div>
    </form>
  );
}
