import { useLingui } from '@lingui/react/macro';
import { memo, useId, useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FREQS } from '../../api/imagery/imagery-shapes';
import { imageryDateQueries } from '../../api/imagery/imagery-dates';
import { CAMERA_SITES, VOLCANOES, findCameraSite, type ImageType } from '../../domain/volcanoes';
import { DAY_MS, daySpan, parseListedDay, type UtcMs } from '../../domain/time';
import { BOOL_FILTERS, filterConflicts, MAX_LIMIT, type ImageryFilters } from './imagery-params';
import { CountInput, FormField } from '../../ui/form-field';
import { ImageTypeOptions, VolcanoOptions } from '../../ui/reference-options';
import { RangeFields } from './range-fields';
import { canAskUtcWindow, carryRange, rangeMode } from './range-mode';
import { windowProblem } from '../../api/imagery/utc-window';
import { availabilityText, flagFilterLabels, freqHelp } from './filter-labels';

interface Props {
  filters: ImageryFilters;
  /** Messages from a 400/422, keyed by API parameter name. */
  serverErrors: Record<string, string>;
  onApply: (f: ImageryFilters) => void;
}

/** Memoised: a result page arriving must not re-render the form (grid render budget). */
export const FilterForm = memo(function FilterForm({ filters, serverErrors, onApply }: Props) {
  const { t } = useLingui();
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
    limitNum >= 1 && limitNum <= MAX_LIMIT ? undefined : t`Page size must be a whole number from 1 to ${MAX_LIMIT}.`;
  const rangeError =
    draft.from !== undefined && draft.to !== undefined && draft.from > draft.to
      ? t`To must not be before From.`
      : draft.window === 'utc' && canAskUtcWindow(draft)
        ? (windowProblem(draft.from, draft.to) ?? undefined)
        : undefined;
  const blocking = [...Object.values(conflicts), limitError, rangeError].filter((x): x is string => !!x);

  const blockingText = blocking.join(' ');

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

  const serviceSaid = (detail: string) => t`Service: ${detail}`;
  // The form's own reason and the service's message are separate elements, both read with the field.
  const field = (name: string, client?: string) => ({
    className: 'imagery-field',
    error: client,
    serviceError: serverErrors[name] && serviceSaid(serverErrors[name]),
  });

  return (
    <form className="imagery-filters card" onSubmit={submit} aria-label={t`Image filters`}>
      <div className="imagery-filters__row">
        <FormField label={t`Image type`} {...field('imageType')}>
          {(control) => (
            <select
              {...control}
              value={draft.imageType}
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
              <ImageTypeOptions />
            </select>
          )}
        </FormField>
        <FormField label={t`Volcano`} {...field('vnum')}>
          {(control) => (
            <select
              {...control}
              value={draft.vnum ?? ''}
              onChange={(e) => {
                const vnum = e.target.value ? Number(e.target.value) : undefined;
                const keepSite = draft.site && findCameraSite(draft.site)?.vnum === vnum;
                set({ vnum, site: keepSite ? draft.site : undefined });
              }}
            >
              <VolcanoOptions volcanoes={volcanoes} none={t`Any volcano`} />
            </select>
          )}
        </FormField>
        <FormField label={t`Camera site`} {...field('site')}>
          {(control) => (
            <select
              {...control}
              value={draft.site ?? ''}
              onChange={(e) => {
                const s = findCameraSite(e.target.value);
                set({ site: s?.site, vnum: s ? s.vnum : draft.vnum });
              }}
            >
              <option value="">{t`Any site`}</option>
              {sites.map((s) => (
                <option key={s.site} value={s.site}>
                  {s.site} ({VOLCANOES.find((v) => v.vnum === s.vnum)?.name})
                </option>
              ))}
            </select>
          )}
        </FormField>
        <RangeFields
          id={id}
          draft={draft}
          minDay={minDay}
          maxDay={maxDay}
          isMissingDay={missingDay}
          rangeError={rangeError}
          field={field}
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
        {BOOL_FILTERS.map((name) => {
          const meta = flagFilterLabels(name);
          const client = name === 'is_night' || name === 'is_degraded' ? conflicts[name] : undefined;
          const notApplicable =
            (name === 'is_night' && draft.imageType === 'infrared') ||
            (name === 'is_degraded' && draft.imageType === 'visible');
          return (
            <FormField
              key={name}
              label={meta.label}
              hint={notApplicable && !client && meta.hint}
              hintClassName="muted imagery-field__hint"
              {...field(name, client)}
            >
              {(control) => (
                <select
                  {...control}
                  value={draft[name] === undefined ? '' : String(draft[name])}
                  // Kept enabled while a value is set so the user can clear the conflict.
                  disabled={notApplicable && draft[name] === undefined}
                  onChange={(e) => set({ [name]: e.target.value === '' ? undefined : e.target.value === 'true' })}
                >
                  <option value="">{t`Any`}</option>
                  <option value="true">{meta.yes}</option>
                  <option value="false">{meta.no}</option>
                </select>
              )}
            </FormField>
          );
        })}
      </div>

      <div className="imagery-filters__row">
        <FormField label={t`Sampling (freq)`} group {...field('freq', conflicts.freq)} className="imagery-freq">
          {() =>
            FREQS.map((f) => (
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
                  {/* The service's own value (`freq=hourly` in the address), a code in every language. */}
                  <strong translate="no">{f}</strong>
                </label>
                <span id={`${id}-freq-${f}`} className="muted">
                  {freqHelp(f)}
                </span>
              </div>
            ))
          }
        </FormField>
        <div className="imagery-filters__col">
          <FormField label={t`Order`} {...field('order')}>
            {(control) => (
              <select
                {...control}
                value={draft.order}
                onChange={(e) => set({ order: e.target.value === 'asc' ? 'asc' : 'desc' })}
              >
                <option value="desc">{t`Newest first`}</option>
                <option value="asc">{t`Oldest first`}</option>
              </select>
            )}
          </FormField>
          <FormField label={t`Page size`} {...field('limit', limitError)}>
            {(control) => <CountInput {...control} max={MAX_LIMIT} value={limitText} onChange={setLimitText} />}
          </FormField>
        </div>
      </div>

      <div className="button-row">
        <button
          type="submit"
          className="primary"
          disabled={blocking.length > 0}
          aria-describedby={blocking.length ? `${id}-blocked` : undefined}
        >
          {t`Apply filters`}
        </button>
        <button
          type="button"
          onClick={() => {
            setDraft(filters);
            setLimitText(String(filters.limit));
          }}
        >
          {t`Undo changes`}
        </button>
        {blocking.length > 0 && (
          <p id={`${id}-blocked`} className="field-error imagery-blocked">
            {t`Cannot apply: ${blockingText}`}
          </p>
        )}
      </div>
    </form>
  );
});
