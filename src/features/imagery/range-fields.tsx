import { useLingui } from '@lingui/react/macro';
import { type UtcMs } from '../../domain/time';
import { formatLocalLabel } from '../../domain/zoned-time';
import { knownSiteTimeZone, VOLCANOES, volcanoTimeZone } from '../../domain/volcanoes';
import { FormField } from '../../ui/form-field';
import type { ImageryFilters } from './imagery-params';
import { canAskUtcWindow, dayInput, dayInputToBound, rangeMode, spanSentence } from './range-mode';

const pad = (n: number) => String(n).padStart(2, '0');

/** `<input type="datetime-local">` value read as UTC (the API's datefrom/dateto are UTC). */
export function utcToInput(t: UtcMs | undefined): string {
  if (t === undefined) return '';
  const d = new Date(t);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

export function inputToUtc(v: string): UtcMs | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(v);
  if (!m) return undefined;
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0));
}

interface Props {
  id: string;
  draft: ImageryFilters;
  /** First and last available day (start of day), from the dates endpoints. */
  minDay: number | null;
  maxDay: number | null;
  isMissingDay: (t: UtcMs | undefined) => boolean;
  rangeError?: string;
  /** The field's class and messages for an API parameter (filter-form.tsx). */
  field: (param: string, client?: string) => { className: string; error?: string; serviceError?: string };
  onChange: (patch: Partial<Pick<ImageryFilters, 'from' | 'to' | 'window'>>) => void;
}

/**
 * From/To in the meaning the service gives them for this query (range-mode.ts): local days at the
 * site as date inputs, or UTC date-times; either way a sentence says which UTC instants are covered.
 */
export function RangeFields({ id, draft, minDay, maxDay, isMissingDay, rangeError, field, onChange }: Props) {
  const { t } = useLingui();
  const mode = rangeMode(draft);
  const local = mode.kind === 'local-days';
  const zone = draft.site
    ? knownSiteTimeZone(draft.site)
    : draft.vnum !== undefined
      ? volcanoTimeZone(draft.vnum)
      : null;
  const where = draft.site ?? VOLCANOES.find((v) => v.vnum === draft.vnum)?.name;
  const note = (ms: UtcMs | undefined) => {
    if (ms === undefined || local) return null;
    if (zone) {
      const there = formatLocalLabel(ms, zone);
      return t`= ${there} at ${where}`;
    }
    const site = draft.site;
    return site ? t`Local time at ${site}: zone unknown.` : t`Choose a volcano or site to see its local time.`;
  };
  const fieldLabel = (key: 'from' | 'to'): string => {
    if (!local) return key === 'from' ? t`From (UTC)` : t`To (UTC)`;
    const { site, zone: dayZone } = mode;
    if (dayZone)
      return key === 'from' ? t`From (local day at ${site}, ${dayZone})` : t`To (local day at ${site}, ${dayZone})`;
    return key === 'from' ? t`From (local day at ${site}, zone unknown)` : t`To (local day at ${site}, zone unknown)`;
  };
  const missingText = (ms: UtcMs | undefined) => {
    const day = dayInput(ms);
    const site = draft.site;
    return draft.imageType === 'infrared'
      ? t` — the archive lists no infrared images at ${site} on ${day}`
      : t` — the archive lists no visible images at ${site} on ${day}`;
  };

  return (
    <>
      {(
        [
          ['from', 'datefrom'],
          ['to', 'dateto'],
        ] as const
      ).map(([key, param]) => (
        <FormField
          key={key}
          label={fieldLabel(key)}
          describedBy={local ? `${id}-span` : `${id}-${key}-local`}
          {...field(param, key === 'to' ? rangeError : undefined)}
        >
          {(control) => (
            <>
              {local ? (
                <input
                  {...control}
                  type="date"
                  min={minDay === null ? undefined : dayInput(minDay)}
                  max={maxDay === null ? undefined : dayInput(maxDay)}
                  value={dayInput(draft[key])}
                  onChange={(e) => onChange({ [key]: dayInputToBound(e.target.value, key) })}
                />
              ) : (
                <input
                  {...control}
                  type="datetime-local"
                  step={1}
                  min={minDay === null ? undefined : utcToInput(minDay)}
                  max={maxDay === null ? undefined : utcToInput(maxDay + 86_399_000)}
                  value={utcToInput(draft[key])}
                  onChange={(e) => onChange({ [key]: inputToUtc(e.target.value) })}
                />
              )}
              <output id={`${id}-${key}-local`} className="muted imagery-field__local">
                {note(draft[key])}
                {isMissingDay(draft[key]) ? missingText(draft[key]) : ''}
              </output>
            </>
          )}
        </FormField>
      ))}
      {canAskUtcWindow(draft) && (
        <label className="imagery-window">
          <input
            type="checkbox"
            checked={draft.window === 'utc'}
            onChange={(e) => onChange({ window: e.target.checked ? 'utc' : undefined })}
          />{' '}
          {t`Exact UTC window (From and To to the second, not whole local days)`}
        </label>
      )}
      <p id={`${id}-span`} className="imagery-span" aria-live="polite">
        {spanSentence(draft)}
      </p>
    </>
  );
}
