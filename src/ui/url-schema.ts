/**
 * A view's URL state, declared once as a table: per field of the state, the parameter(s) it is read
 * from, a valibot schema from the address's text to the typed value (an issue's message is the reason
 * its notice gives), the default, and how the value is written back. `parseUrl` and `serializeUrl`
 * come from the table; `useUrlState` (use-url-state.ts) binds them to the address.
 */
import { t } from '@lingui/core/macro';
import { isLangParam } from '../i18n/locale-choice';
import * as v from 'valibot';

type Text = string | undefined;
type Texts = Record<string, Text>;
type Schema<I, O> = v.GenericSchema<I, O>;

interface Base<T> {
  default: T;
  /** Written at its default too, so a link reads like the request it makes. */
  always?: boolean;
  /** Old forms exist (`now-007d`): one read from other text than its own is written anew, without a notice. */
  rewrites?: boolean;
}

/** A field read from one parameter. */
export interface OneParam<T, S = unknown> extends Base<T> {
  /** The parameter's name, when it is not the field's. */
  key?: string;
  schema: Schema<string, T>;
  /** Its text (null and undefined are never written); `state` holds the other fields. */
  serialize(value: NonNullable<T>, state: S): Text;
}

/** A field read from several parameters together (a range's `from` and `to`); an issue's path names one. */
export interface GroupParam<T, S = unknown> extends Base<T> {
  keys: readonly string[];
  schema: Schema<Record<string, string>, T>;
  serialize(value: NonNullable<T>, state: S): Texts;
  /** Each parameter has a default of its own: a bad one falls back alone, not the whole field. */
  apart?: boolean;
}

/** A field of items, comma-separated (`separator`) or the parameter repeated: a bad item is dropped alone. */
export interface ListParam<T, I = unknown> {
  key?: string;
  separator?: ',';
  item: Schema<string, I>;
  /** The field's value from the items read (duplicates, limits); `drop` names an item it leaves out. */
  collect(items: I[], notes: { drop: (raw: string, why: string) => void; say: (sentence: string) => void }): T;
  default: T;
  serialize(value: T): string[];
}

export type Param<T, S> = OneParam<T, S> | GroupParam<T, S> | ListParam<T>;

export interface UrlSchema<S> {
  /** In the order the address writes them, so a link is always written the same way. */
  params: { [K in keyof S]-?: Param<S[K], S> };
  /** Rules between fields (a site of the volcano; from ≤ to), once every field is read. */
  check?: (state: S, ctx: CheckContext<S>) => void;
  /** The reason given for a parameter outside the table; without it, such parameters are passed over. */
  unknown?: string;
  /** The wording of a dropped value's notice, given the state as finally read; `urlNotice` by default. */
  notice?: (name: string, raw: string, why: string, state: S) => string;
}

export interface CheckContext<S> {
  /** Puts a field back to its default, naming its value and why (silently without `why`). */
  drop: (field: keyof S, why?: string) => void;
  /** Names a value the rule left out of a field itself (an alert on a channel not shown). */
  note: (name: string, raw: string, why: string) => void;
  say: (sentence: string) => void;
  raw: (key: string) => string | null;
  /** Whether the field was read from the address rather than defaulted. */
  given: (field: keyof S) => boolean;
}

export interface ParsedUrlState<T> {
  params: T;
  /** One plain sentence per dropped value. */
  notices: string[];
  /** An old form was read (e.g. `now-007d`): write the address anew, in place, without a notice. */
  rewrite: boolean;
}

/**
 * The views' wording of a dropped value. The value is cut short and its control characters escaped,
 * so a pasted paragraph or a stray newline cannot fill the notice.
 */
export function urlNotice(name: string, raw: string, why: string): string {
  const value = JSON.stringify(raw.slice(0, 60)).slice(1, -1) || t`(empty)`;
  return t`Ignored ${name}=${value} in the address: ${why}.`;
}

/**
 * What every view's address may carry besides its own table, read by the app rather than the view:
 * `lang`, the language (src/i18n/locale-choice.ts). Kept when a view writes its address.
 */
const APP_PARAMS: readonly string[] = ['lang'];

/** `sp` with the app's own parameters of `current` (a valid `lang`) carried over. */
export function withAppParams(sp: URLSearchParams, current: URLSearchParams): URLSearchParams {
  const lang = current.get('lang');
  if (lang !== null && isLangParam(lang)) sp.set('lang', lang);
  return sp;
}

type Field<S> = Extract<keyof S, string>;
const isList = <T, S>(p: Param<T, S>): p is ListParam<T> => 'item' in p;
const isGroup = <T, S>(p: Param<T, S>): p is GroupParam<T, S> => 'keys' in p;
const keysOf = <T, S>(p: Param<T, S>, field: string) => (isGroup(p) ? p.keys : [p.key ?? field]);
const read = <I, O>(schema: Schema<I, O>, input: I) => v.safeParse(schema, input, { abortPipeEarly: true });

/** A value's texts by parameter; a list's items in order. */
function textOf<T, S>(p: Param<T, S>, field: string, value: T, state: S): Texts | string[] {
  if (isList(p)) return p.serialize(value);
  if (value === undefined || value === null) return {};
  return isGroup(p) ? p.serialize(value, state) : { [p.key ?? field]: p.serialize(value, state) };
}

export function parseUrl<S>(schema: UrlSchema<S>, sp: URLSearchParams): ParsedUrlState<S> {
  const found: ({ name: string; raw: string; why: string } | string)[] = [];
  const drop = (name: string, raw: string, why: string) => found.push({ name, raw, why });
  const say = (sentence: string) => found.push(sentence);
  const state = {} as S;
  const given = new Set<keyof S>();
  let rewrite = false;
  const fields = Object.keys(schema.params) as Field<S>[];

  if (schema.unknown) {
    const known = new Set(fields.flatMap((f) => keysOf(schema.params[f], f)));
    for (const key of new Set(sp.keys()))
      if (!known.has(key) && !APP_PARAMS.includes(key)) drop(key, sp.get(key) ?? '', schema.unknown);
    const lang = sp.get('lang');
    if (lang !== null && !isLangParam(lang)) drop('lang', lang, t`not a language of this dashboard (en or es)`);
  }

  for (const field of fields) {
    const p: Param<S[typeof field], S> = schema.params[field];
    const keys = keysOf(p, field);
    state[field] = p.default;
    if (!keys.some((k) => sp.has(k))) continue;
    given.add(field);

    if (isList(p)) {
      const key = keys[0]!;
      const texts = p.separator
        ? sp
            .get(key)!
            .split(p.separator)
            .map((s) => s.trim())
        : sp.getAll(key);
      const items: unknown[] = [];
      for (const text of p.separator ? texts.filter(Boolean) : texts) {
        const res = read(p.item, text);
        if (res.success) items.push(res.output);
        else drop(key, text, res.issues[0].message);
      }
      state[field] = p.collect(items, { drop: (raw, why) => drop(key, raw, why), say });
      continue;
    }

    const input = Object.fromEntries(keys.flatMap((k) => (sp.has(k) ? [[k, sp.get(k)!]] : [])));
    const res = isGroup(p) ? read(p.schema, input) : read(p.schema, input[keys[0]!]!);
    if (res.success) {
      state[field] = res.output;
      // An old form: another text than the value's own, or a part missing from a field always written whole.
      const text = Object.entries(textOf(p, field, res.output, state));
      if (p.rewrites && text.some(([k, t]) => (k in input ? input[k] !== t : p.always))) rewrite = true;
      continue;
    }
    given.delete(field);
    // An issue with a path names its parameter; in an `apart` group the others are read again, quietly.
    const bad = new Set<string>();
    for (const { path, message } of res.issues) {
      const k = path?.[0]?.key;
      if (typeof k !== 'string' || !(k in input) || bad.has(k)) continue;
      bad.add(k);
      drop(k, input[k]!, message);
    }
    if (!bad.size) drop(keys.join('/'), Object.values(input).join('…'), res.issues[0].message);
    if (!bad.size || !isGroup(p) || !p.apart) continue;
    for (const k of bad) delete input[k];
    const again = read(p.schema, input);
    if (again.success) state[field] = again.output;
  }

  schema.check?.(state, {
    drop: (field, why) => {
      const f = field as Field<S>;
      const p: Param<S[typeof f], S> = schema.params[f];
      // Named in the address's own form of the value read.
      const text = Object.values(textOf(p, f, state[f], state)).join(isList(p) ? p.separator : '…');
      state[f] = p.default;
      given.delete(f);
      if (why !== undefined) drop(keysOf(p, f).join('/'), text, why);
    },
    note: drop,
    say,
    raw: (key) => sp.get(key),
    given: (field) => given.has(field),
  });

  const notice = schema.notice ?? urlNotice;
  const notices = found.map((f) => (typeof f === 'string' ? f : notice(f.name, f.raw, f.why, state)));
  return { params: state, notices, rewrite };
}

/** Inverse of `parseUrl`, in the table's order; defaults are left out (unless `always`), so links stay short. */
export function serializeUrl<S>(schema: UrlSchema<S>, state: NoInfer<S>): URLSearchParams {
  const sp = new URLSearchParams();
  for (const field of Object.keys(schema.params) as Field<S>[]) {
    const p: Param<S[typeof field], S> = schema.params[field];
    const text = textOf(p, field, state[field], state);
    const always = !isList(p) && p.always;
    if (!always && JSON.stringify(text) === JSON.stringify(textOf(p, field, p.default, state))) continue;
    if (!Array.isArray(text)) {
      for (const [k, t] of Object.entries(text)) if (t !== undefined) sp.set(k, t);
    } else if (isList(p) && p.separator) {
      if (text.length) sp.set(p.key ?? field, text.join(p.separator));
    } else if (isList(p)) for (const t of text) sp.append(p.key ?? field, t);
  }
  return sp;
}

// Pieces of the tables: each schema reads the address's text, its message the notice's reason.

type Why = string | ((text: string) => string);

/** Text read by a function of the domain, which gives null for what it cannot read. */
export function parsedWith<T>(parse: (text: string) => T | null, why: Why): Schema<string, T> {
  return v.pipe(
    v.string(),
    v.rawTransform<string, T>(({ dataset: { value }, addIssue, NEVER }) => {
      const out = parse(value);
      if (out === null) addIssue({ message: typeof why === 'string' ? why : why(value) });
      return out ?? NEVER;
    }),
  );
}

/** A whole number from `min` to `max`, written in digits only. */
export const wholeNumber = (min: number, max: number, why: Why) =>
  parsedWith((s) => (/^\d+$/.test(s) && +s >= min && +s <= max ? +s : null), why);

export const booleanText = (why: string) =>
  v.pipe(
    v.picklist(['true', 'false'], why),
    v.transform((s) => s === 'true'),
  );

type Extra<T, S> = Partial<Omit<OneParam<T, S>, 'schema' | 'default'>>;
type Written<T, S> = [NonNullable<T>] extends [string | number | boolean]
  ? [Extra<T, S>?]
  : [Extra<T, S> & Pick<OneParam<T, S>, 'serialize'>];

/** A one-parameter field, written `String(value)`; a value of another kind says how in `serialize`. */
export function param<T, S = unknown>(
  schema: Schema<string, T>,
  default_: T,
  ...[extra]: Written<T, S>
): OneParam<T, S> {
  return { schema, default: default_, serialize: String, ...extra };
}

/**
 * One of a few words; the reason lists them (`must be asc or desc`), the words as the address
 * writes them. Said when a notice is made, in the language then active (a table may be built at
 * module load, before the language is chosen).
 */
export const oneOf = <const O extends readonly string[]>(options: O, why?: string | (() => string)) =>
  v.picklist(options, () => {
    if (typeof why === 'function') return why();
    if (why !== undefined) return why;
    const words = options.slice(0, -1).join(', ');
    const last = options.at(-1) ?? '';
    return options.length === 1 ? t`must be ${last}` : t`must be ${words} or ${last}`;
  });

/** Type inference for a list or group entry of a table. */
export const list = <T, I>(p: ListParam<T, I>) => p;
export const group = <T, S = unknown>(p: GroupParam<T, S>) => p;
