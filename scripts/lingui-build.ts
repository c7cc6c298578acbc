/**
 * Lingui at build time (docs/architecture.md "Languages"). The macros (@lingui/babel-plugin-lingui-macro)
 * turn each message into a descriptor `{ id, message }`; here, in the same Babel pass:
 *
 * - the English message is compiled in place (Lingui's own compiler, run in Node) into the form a
 *   catalogue holds, and the id is dropped. English, the source language, then loads no catalogue
 *   and the code carries no ids: each route carries its own words, about as before, instead of the
 *   whole app's words in an English catalogue or a hashed id beside each message (the budget in
 *   scripts/bundle-budget.mjs allows 2 KB for all of i18n on the English first paint). Placeholders
   are numbered and their values passed in an array (`_("RSAM {0} × {1}", [ratio, median])`), so
   no name is written twice; the catalogue keeps the names a translator reads.
 * - `import … from './locales/es.po'` becomes the Spanish catalogue, compiled, keyed by the English
 *   message (src/i18n/catalogue-key.ts). A translation that does not compile fails the build; one
 *   left empty falls back to the English (scripts/i18n-check.mjs fails `npm test` on it).
 */
import { readFileSync } from 'node:fs';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { PluginObj, types as BabelTypes } from '@babel/core';
import type { Plugin } from 'vite';
import {
  catalogueKey,
  compactForm,
  placeholderNames,
  positional,
  type CompiledMessage,
  type Token,
} from '../src/i18n/catalogue-key.ts';

type Types = typeof BabelTypes;

/**
 * An English message as the code carries it, its placeholders numbered in order of first appearance
 * (src/i18n/catalogue-key.ts `positional`), and the names they had, in that order.
 */
export function sourceForm(message: string): { compiled: CompiledMessage; names: string[] } {
  const tokens = compileMessageOrThrow(message) as Token[];
  const names = placeholderNames(tokens);
  return { compiled: compactForm(positional(tokens, names)), names };
}

export function linguiSourceMessages({ types: t }: { types: Types }): PluginObj {
  const compiled = (message: string) => t.valueToNode(sourceForm(message).compiled);
  /**
   * The macro's values `{ level: a, limit: b }` for the numbered message: `[a, b]`, or where the
   * order differs from the message's (values are evaluated in the order written) `{ 1: b, 0: a }`.
   */
  const numbered = (message: string, values: BabelTypes.Expression): BabelTypes.Expression => {
    if (!t.isObjectExpression(values)) return values;
    const { names } = sourceForm(message);
    const props = values.properties;
    const keyOf = (p: (typeof props)[number]) =>
      t.isObjectProperty(p) && !p.computed
        ? t.isIdentifier(p.key)
          ? p.key.name
          : t.isStringLiteral(p.key) || t.isNumericLiteral(p.key)
            ? String(p.key.value)
            : null
        : null;
    const keys = props.map(keyOf);
    if (keys.some((k) => k === null)) throw new Error(`lingui-build: values of ${JSON.stringify(message)} not understood`);
    if (keys.length === names.length && keys.every((k, i) => k === names[i]))
      return t.arrayExpression(props.map((p) => (p as BabelTypes.ObjectProperty).value as BabelTypes.Expression));
    let extra = names.length;
    return t.objectExpression(
      props.map((p, i) => {
        const at = names.indexOf(keys[i]!);
        const value = (p as BabelTypes.ObjectProperty).value as BabelTypes.Expression;
        return t.objectProperty(t.numericLiteral(at < 0 ? extra++ : at), value);
      }),
    );
  };
  const isKey = (key: BabelTypes.Node, name: string) =>
    (t.isIdentifier(key) && key.name === name) || (t.isStringLiteral(key) && key.value === name);
  return {
    name: 'lingui-source-messages',
    visitor: {
      Program: {
        exit(program) {
          program.traverse({
            ObjectExpression(path) {
              const props = path.node.properties;
              const message = props.find(
                (p): p is BabelTypes.ObjectProperty =>
                  t.isObjectProperty(p) && isKey(p.key, 'message') && t.isStringLiteral(p.value),
              );
              const id = props.find((p) => t.isObjectProperty(p) && isKey(p.key, 'id'));
              if (!message || !id) return;
              const source = (message.value as BabelTypes.StringLiteral).value;
              const english = compiled(source);
              const rest = props.filter((p) => p !== id && p !== message);
              const values = rest.find((p) => t.isObjectProperty(p) && isKey(p.key, 'values'));
              if (values && t.isObjectProperty(values) && t.isExpression(values.value))
                values.value = numbered(source, values.value);
              const parent = path.parentPath;
              const call = parent.isCallExpression() && parent.node.arguments[0] === path.node ? parent.node : null;
              // The smallest form the runtime reads (src/i18n/i18n.ts): `_("Seismic")`, `_([…], { n })`,
              // and a `msg` descriptor with nothing but its message as that message. <Trans> spreads its
              // descriptor into its props: that one stays an object.
              const spread = parent.isJSXSpreadAttribute();
              if (!spread && rest.length === 0) path.replaceWith(english);
              else if (
                call &&
                rest.length === 1 &&
                values &&
                t.isObjectProperty(values) &&
                t.isExpression(values.value)
              )
                call.arguments = [english, values.value];
              else {
                message.value = english;
                path.node.properties = props.filter((p) => p !== id);
              }
            },
            JSXOpeningElement(path) {
              const attrs = path.node.attributes;
              const id = attrs.find((a) => t.isJSXAttribute(a) && a.name.name === 'id');
              const message = attrs.find(
                (a): a is BabelTypes.JSXAttribute => t.isJSXAttribute(a) && a.name.name === 'message',
              );
              if (!id || !message) return;
              const v = t.isJSXExpressionContainer(message.value) ? message.value.expression : message.value;
              if (!t.isStringLiteral(v)) return;
              message.value = t.jsxExpressionContainer(compiled(v.value));
              const values = attrs.find(
                (a): a is BabelTypes.JSXAttribute => t.isJSXAttribute(a) && a.name.name === 'values',
              );
              if (values && t.isJSXExpressionContainer(values.value) && t.isExpression(values.value.expression))
                values.value = t.jsxExpressionContainer(numbered(v.value, values.value.expression));
              path.node.attributes = attrs.filter((a) => a !== id);
            },
          });
        },
      },
    },
  };
}

/**
 * The compiled messages of a .po catalogue, keyed by the compiled English as the code carries it;
 * untranslated ones left out. Each translation's placeholders are numbered as its English's. Two
 * English messages that differ only in their placeholders' names are then one key, and must say
 * the same in translation (the build fails otherwise).
 */
export function compileCatalogue(po: string, file = 'catalogue'): Record<string, CompiledMessage> {
  const out: Record<string, CompiledMessage> = {};
  const from: Record<string, string> = {};
  for (const [source, translation] of poEntries(po)) {
    if (!translation) continue;
    let key: string;
    let compiled: CompiledMessage;
    try {
      const english = sourceForm(source);
      key = catalogueKey(english.compiled);
      compiled = compactForm(positional(compileMessageOrThrow(translation) as Token[], english.names));
    } catch (e) {
      throw new Error(`${file}: ${JSON.stringify(translation)} does not compile: ${(e as Error).message}`, {
        cause: e,
      });
    }
    if (key in out && catalogueKey(out[key]!) !== catalogueKey(compiled))
      throw new Error(
        `${file}: ${JSON.stringify(from[key])} and ${JSON.stringify(source)} are one message in the code (they differ only in placeholder names) but translated differently`,
      );
    out[key] = compiled;
    from[key] = source;
  }
  return out;
}

/** `import { messages } from './locales/es.po'`: the catalogue compiled at build time. */
export function linguiCatalogues(): Plugin {
  return {
    name: 'lingui-catalogues',
    transform: {
      filter: { id: /\.po$/ },
      handler(_code, id) {
        const messages = compileCatalogue(readFileSync(id, 'utf8'), id);
        // JSON.parse of a string literal: parsed faster than the same object as code.
        return {
          code: `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(messages))});`,
          map: null,
          moduleType: 'js',
        };
      },
    },
  };
}

/** A .po catalogue's entries as Lingui writes them: msgid → msgstr, multi-line strings joined, no header. */
export function poEntries(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const str = (line: string) => JSON.parse(line.slice(line.indexOf('"'))) as string;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.startsWith('msgid ')) continue;
    let id = str(lines[i]!);
    while (lines[i + 1]?.startsWith('"')) id += str(lines[++i]!);
    let translation = '';
    if (lines[i + 1]?.startsWith('msgstr ')) {
      translation = str(lines[++i]!);
      while (lines[i + 1]?.startsWith('"')) translation += str(lines[++i]!);
    }
    if (id !== '') out.set(id, translation);
  }
  return out;
}
