/**
 * A catalogue is keyed by the English message, as compiled (gettext's way: the source text is the
 * key), so the code carries no message ids: `"Seismic"` for a plain message, the compiled form as
 * JSON for one with placeholders. The build keys the Spanish catalogue with this and the runtime
 * looks messages up with it (scripts/lingui-build.ts, ./i18n.ts).
 */
export type Token = string | [name: string, type?: string, format?: Record<string, CompiledMessage | number>];
/** A message as Lingui compiles it: text and placeholders; a plain message is just its text. */
export type CompiledMessage = string | Token[];

export function catalogueKey(message: CompiledMessage): string {
  return typeof message === 'string' ? message : JSON.stringify(message);
}

/**
 * Lingui's compiled form, shortest: a message of text and plain `{name}` placeholders as that text
 * ("RSAM {0} × {1}"), which the runtime fills in; one with a plural, a select or a brace in its
 * text stays compiled. So does a plural or select case (`inCase`) whose text holds a `#` of its
 * own: in a case's text form every `#` is the count ("# stations silent").
 */
export function compactForm(compiled: readonly Token[], inCase = false): CompiledMessage {
  let text = '';
  for (const token of compiled) {
    if (typeof token === 'string') {
      if (/[{}]/.test(token) || (inCase && token !== '#' && token.includes('#'))) return [...compiled];
      text += token;
    } else if (token.length === 1) text += `{${token[0]}}`;
    else return [...compiled];
  }
  return text;
}

/** A compiled message's placeholders (plural and select arguments too), in order of first appearance. */
export function placeholderNames(compiled: CompiledMessage, names: string[] = []): string[] {
  if (typeof compiled === 'string') return names;
  for (const token of compiled) {
    if (typeof token === 'string') continue;
    if (!names.includes(token[0])) names.push(token[0]);
    for (const [key, inner] of Object.entries(token[2] ?? {}))
      if (key !== 'offset' && typeof inner !== 'number') placeholderNames(inner, names);
  }
  return names;
}

/**
 * The message with each placeholder named by its place in `names` (`{level} counts` → `{0} counts`),
 * as the build writes messages in the code with their values in an array: no name is written twice
 * per message, in the message and beside its value (0.1–0.4 KB gzipped off each view's first
 * paint). Each case is in its shortest form, and an absent `offset` goes. Throws on a placeholder `names` lacks (a translation's typo).
 */
export function positional(compiled: readonly Token[], names: readonly string[]): Token[] {
  return compiled.map((token) => {
    if (typeof token === 'string') return token;
    const at = names.indexOf(token[0]);
    if (at < 0) throw new Error(`{${token[0]}} is not a placeholder of the English message`);
    if (token.length === 1) return [String(at)];
    const [, type, format] = token;
    if (!format) return [String(at), type];
    const cases: Record<string, CompiledMessage | number> = {};
    for (const [key, inner] of Object.entries(format))
      if (inner !== undefined)
        cases[key] =
          typeof inner === 'number' || typeof inner === 'string' ? inner : compactForm(positional(inner, names), true);
    return [String(at), type, cases];
  });
}
