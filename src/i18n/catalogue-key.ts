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

/** Lingui's compiled form with a plain message (one text, no placeholder) as its text alone. */
export function plainWhenText(compiled: readonly Token[]): CompiledMessage {
  return compiled.length === 1 && typeof compiled[0] === 'string' ? compiled[0] : [...compiled];
}
