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
 * ("RSAM {ratio} × {median}"), which the runtime fills in; one with a plural, a select or a brace
 * in its text stays compiled.
 */
export function compactForm(compiled: readonly Token[]): CompiledMessage {
  let text = '';
  for (const token of compiled) {
    if (typeof token === 'string') {
      if (/[{}]/.test(token)) return [...compiled];
      text += token;
    } else if (token.length === 1) text += `{${token[0]}}`;
    else return [...compiled];
  }
  return text;
}
