import { memo, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Freq } from '../../api/imagery';
import { imageryDateQueries } from '../../api/imagery-dates';
import { CAMERA_SITES, IMAGE_TYPES, VOLCANOES, findCameraSite, type ImageType } from '../../domain/volcanoes';
import { DAY_MS, daySpan, parseListedDay, type UtcMs } from '../../domain/time';
import { filterConflicts, MAX_LIMIT, type BoolFilter, type ImageryFilters } from './imagery-params';
import { RangeFields } from './range-fields';
import { carryRange, rangeMode } from './range-mode';
import { availabilityText, FLAG_LABELS, FREQ_HELP } from './filter-labels';

interface Props {
  filters: ImageryFilters;
  /** Messages from a 400/422, keyed by API parameter name. */
  serverErrors: Record<string, string>;
  onApply: (f: ImageryFilters) => void;
}

/** Memoised: a result page arriving must not re-render the form (grid render budget). */
export const FilterForm = memo(function FilterForm({ filters, serverErrors, onApply }: Props) {
  const [draft, setDraft] = useState(filters);
  const [limitText, setLimitText] = useState(String(filters.limit));
  // A new URL (navigation, suggestion applied in the download dialog) resets the draft.
  const [seen, setSeen] = useState(filters);
  if (seen !== filters) {
    setSeen(filters);
    setDraft(filters);
    setLimitText(String(filters.limit));
  }
  const id = useId();
  // A change of sampling or site can change what From/To mean (local days or UTC): carry the range over.
  const set = (patch: Partial<ImageryFilters>) => setDraft((d) => carryRange(d, { ...d, ...patch }));

  const conflicts = filterConflicts(draft);
  const limitNum = /^\d+$/.test(limitText) ? Number(limitText) : NaN;
  const limitError =
    limitNum >= 1 && limitNum <= MAX_LIMIT ? undefined : `Page size must be a whole number from 1 to ${MAX_LIMIT}.`;
  const rangeError =
    draft.from !== undefined && draft.to !== undefined && draft.from > draft.to
      ? 'To must not be before From.'
      : undefined;
  const blocking = [...Object.values(conflicts), limitError, rangeError].filter((x): x is string => !!x);

  const volcanoes = VOLCANOES.filter((v) => v.cameraSites.some((s) => s.imageTypes.includes(draft.imageType)));
  const sites = CAMERA_SITES.filter(
    (s) => s.imageTypes.includes(draft.imageType) && (draft.vnum === undefined || s.vnum === draft.vnum),
  );

  const range = useQuery(imageryDateQueries.datesRange());
  const dates = useQuery({ ...imageryDateQueries.dates(draft.imageType, draft.site), enabled: !!draft.site });
  const typeRange = range.data?.[draft.imageType];
  const siteDates = draft.site ? dates.data?.sites.find((s) => s.site === draft.site)?.dates : undefined;
  // A site's archive lists a date per day of years of stills: read once per answer, not on every
  // render of the page (3–4 ms of each 200-card page change, measured).
  const siteDays = useMemo(() => siteDates?.map(parseListedDay).filter((d): d is number => d !== null), [siteDates]);
  const span = useMemo(() => (siteDays ? daySpan(siteDays) : null), [siteDays]);
  const minDay = span ? span.min : parseListedDay(typeRange?.min_date);
  const maxDay = span ? span.max : parseListedDay(typeRange?.max_date);
  const daySet = useMemo(() => (siteDays ? new Set(siteDays) : null), [siteDays]);
  // A local day overlaps the UTC days either side of it, and whether the service lists UTC or local
  // days is not documented: with local days, a day is called missing only when its neighbours are too.
  const local = rangeMode(draft).kind === 'local-days';
  const missingDay = (t: UtcMs | undefined) => {
    if (t === undefined || !daySet) return false;
    const d = Math.floor(t / DAY_MS) * DAY_MS;
    return local ? ![d - DAY_MS, d, d + DAY_MS].some((x) => daySet.has(x)) : !daySet.has(d);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (blocking.length) return;
    onApply({ ...draft, limit: limitNum, page: 1 });
  };

  // Client reasons and the service's message are separate elements, both named by the field.
  const err = (name: string, client?: string): ReactNode => (
    <>
      {client && (
        <span className="field-error" id={`${id}-${name}-err`}>
          {client}
        </span>
      )}
      {serverErrors[name] && (
        <span className="field-error" id={`${id}-${name}-srv`} role="alert">
          Service: {serverErrors[name]}
        </span>
      )}
    </>
  );
  const describedBy = (name: string, client?: string) =>
    [client ? `${id}-${name}-err` : '', serverErrors[name] ? `${id}-${name}-srv` : ''].filter(Boolean).join(' ') ||
    undefined;

  return (
    <form className="imagery-filters card" onSubmit={submit} aria-label="Image filters">
      <div className="imagery-filters__row">
        <div className="imagery-field">
          <label htmlFor={`${id}-type`}>Image type</label>
          <select
            id={`${id}-type`}
            value={draft.imageType}
            aria-describedby={describedBy('imageType')}
            onChange={(e) => {
              const imageType = e.target.value as ImageType;
              // A site or volcano without this camera type would make the query empty, and the
              // volcano list would no longer show it: drop them.
              const keepSite = draft.site && findCameraSite(draft.site)?.imageTypes.includes(imageType);
              const keepVnum = VOLCANOES.some(
                (v) => v.vnum === draft.vnum && v.cameraSites.some((c) => c.imageTypes.includes(imageType)),
              );
              set({ imageType, site: keepSite ? draft.site : undefined, vnum: keepVnum ? draft.vnum : undefined });
            }}
          >
            {IMAGE_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
          {err('imageType')}
        </div>
        <div className="imagery-field">
          <label htmlFor={`${id}-vnum`}>Volcano</label>
          <select
            id={`${id}-vnum`}
            value={draft.vnum ?? ''}
            aria-describedby={describedBy('vnum')}
            onChange={(e) => {
              const vnum = e.target.value ? Number(e.target.value) : undefined;
              const keepSite = draft.site && findCameraSite(draft.site)?.vnum === vnum;
              set({ vnum, site: keepSite ? draft.site : undefined });
            }}
          >
            <option value="">Any volcano</option>
            {volcanoes.map((v) => (
              <option key={v.vnum} value={v.vnum}>
                {v.name} ({v.vnum})
              </option>
            ))}
          </select>
          {err('vnum')}
        </div>
        <div className="imagery-field">
          <label htmlFor={`${id}-site`}>Camera site</label>
          <select
            id={`${id}-site`}
            value={draft.site ?? ''}
            aria-describedby={describedBy('site')}
            onChange={(e) => {
              const s = findCameraSite(e.target.value);
              set({ site: s?.site, vnum: s ? s.vnum : draft.vnum });
            }}
          >
            <option value="">Any site</option>
            {sites.map((s) => (
              <option key={s.site} value={s.site}>
                {s.site} ({VOLCANOES.find((v) => v.vnum === s.vnum)?.name})
              </option>
            ))}
          </select>
          {err('site')}
        </div>
        <RangeFields
          id={id}
          draft={draft}
          minDay={minDay}
          maxDay={maxDay}
          isMissingDay={missingDay}
          rangeError={rangeError}
          describedBy={describedBy}
          err={err}
          onChange={set}
        />
        <p className="muted imagery-availability" aria-live="polite">
          {availabilityText(
            draft.imageType,
            draft.site,
            minDay,
            maxDay,
            siteDays?.length,
            range.isError || dates.isError,
          )}
        </p>
      </div>

      <div className="imagery-filters__row">
        {(Object.keys(FLAG_LABELS) as BoolFilter[]).map((name) => {
          const meta = FLAG_LABELS[name];
          const client = name === 'is_night' || name === 'is_degraded' ? conflicts[name] : undefined;
          const notApplicable =
            (name === 'is_night' && draft.imageType === 'infrared') ||
            (name === 'is_degraded' && draft.imageType === 'visible');
          return (
            <div className="imagery-field" key={name}>
              <label htmlFor={`${id}-${name}`}>{meta.label}</label>
              <select
                id={`${id}-${name}`}
                value={draft[name] === undefined ? '' : String(draft[name])}
                // Kept enabled while a value is set so the user can clear the conflict.
                disabled={notApplicable && draft[name] === undefined}
                aria-invalid={client ? true : undefined}
                aria-describedby={describedBy(name, client)}
                onChange={(e) => set({ [name]: e.target.value === '' ? undefined : e.target.value === 'true' })}
              >
                <option value="">Any</option>
                <option value="true">{meta.yes}</option>
                <option value="false">{meta.no}</option>
              </select>
              {notApplicable && !client && <span className="muted imagery-field__hint">For {meta.hint}.</span>}
              {err(name, client)}
            </div>
          );
        })}
      </div>

      <div className="imagery-filters__row">
        <fieldset className="imagery-freq" aria-describedby={describedBy('freq', conflicts.freq)}>
          <legend>Sampling (freq)</legend>
          {(Object.keys(FREQ_HELP) as Freq[]).map((f) => (
            <div key={f} className="imagery-freq__option">
              <label>
                <input
                  type="radio"
                  name={`${id}-freq`}
                  value={f}
                  checked={draft.freq === f}
                  aria-describedby={`${id}-freq-${f}`}
                  onChange={() => set({ freq: f })}
                />
                <strong>{f}</strong>
              </label>
              <span id={`${id}-freq-${f}`} className="muted">
                {FREQ_HELP[f]}
              </span>
            </div>
          ))}
          {err('freq', conflicts.freq)}
        </fieldset>
        <div className="imagery-filters__col">
          <div className="imagery-field">
            <label htmlFor={`${id}-order`}>Order</label>
            <select
              id={`${id}-order`}
              value={draft.order}
              aria-describedby={describedBy('order')}
              onChange={(e) => set({ order: e.target.value === 'asc' ? 'asc' : 'desc' })}
            >
              <option value="desc">Newest first</option>
              <option value="asc">Oldest first</option>
            </select>
            {err('order')}
          </div>
          <div className="imagery-field">
            <label htmlFor={`${id}-limit`}>Page size</label>
            <input
              id={`${id}-limit`}
              type="number"
              min={1}
              max={MAX_LIMIT}
              inputMode="numeric"
              value={limitText}
              aria-invalid={limitError ? true : undefined}
              aria-describedby={describedBy('limit', limitError)}
              onChange={(e) => setLimitText(e.target.value)}
            />
            {err('limit', limitError)}
          </div>
        </div>
      </div>

      <div className="button-row">
        <button
          type="submit"
          className="primary"
          disabled={blocking.length > 0}
          aria-describedby={blocking.length ? `${id}-blocked` : undefined}
        >
          Apply filters
        </button>
        <button
          type="button"
          onClick={() => {
            setDraft(filters);
            setLimitText(String(filters.limit));
          }}
        >
          Undo changes
        </button>
        {blocking.length > 0 && (
          <p id={`${id}-blocked`} className="field-error imagery-blocked">
            Cannot apply: {blocking.join(' ')}
          </p>
        )}
      </div>
    </form>
  );
});
