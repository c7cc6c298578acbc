/**
 * The kinds of field the two big bodies hold, for their shapes (`RSAM_SERIES` in rsam-body.ts,
 * `LEGACY_RECORD` in legacy-body.ts): each field named with its kind, the one statement of what a
 * body must hold. Two readings of a shape check a body to the same rule: `shapeCheck` here,
 * schema-free, which the parse worker runs on every body, and the valibot schema built from the
 * same shape (body-schemas.ts), which judges a body the quick check does not pass and names what
 * is wrong. field-kinds.test.ts holds the two to agreement, kind by kind.
 */

export type Fields = Record<string, unknown>;
export const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);
export const isString = (v: unknown): v is string => typeof v === 'string';
export const isInt = (v: unknown): v is number => Number.isSafeInteger(v);

/** A legacy record's time: the site's wall clock, without a zone (spec 02 §2). */
export const WALL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

/** What a field must hold: a JSON integer is a safe integer; `text` is a string of one character or more. */
export interface FieldKinds {
  string: string;
  text: string;
  int: number;
  positiveInt: number;
  intOrNull: number | null;
  wallTime: string;
  array: unknown[];
}
export type FieldKind = keyof FieldKinds;
export type Shape = Readonly<Record<string, FieldKind>>;
/** The object a shape describes, as TypeScript sees it once checked. */
export type ShapeOf<S extends Shape> = { -readonly [K in keyof S]: FieldKinds[S[K]] };

/** Each kind's check, schema-free (body-schemas.ts has each kind's schema). */
export const FIELD_CHECKS: { readonly [K in FieldKind]: (v: unknown) => boolean } = {
  string: isString,
  text: (v) => isString(v) && v.length > 0,
  int: isInt,
  positiveInt: (v) => isInt(v) && v > 0,
  intOrNull: (v) => v === null || isInt(v),
  wallTime: (v) => isString(v) && WALL_TIME.test(v),
  array: (v) => Array.isArray(v),
};

/**
 * The quick check of a shape: whether a value is an object each of whose fields passes its kind's
 * check. Made once per shape, its fields and checks in arrays: a legacy answer's 100,000 records
 * took 14 ms here, against 20 ms looking each kind up per record (and 4 ms for checks written out
 * by hand, which the schemas then had to restate).
 */
export function shapeCheck<S extends Shape>(shape: S): (v: unknown) => v is ShapeOf<S> {
  const keys = Object.keys(shape);
  const checks = keys.map((k) => FIELD_CHECKS[shape[k]!]);
  return (v): v is ShapeOf<S> => {
    if (!isObject(v)) return false;
    for (let i = 0; i < keys.length; i++) if (!checks[i]!(v[keys[i]!])) return false;
    return true;
  };
}
