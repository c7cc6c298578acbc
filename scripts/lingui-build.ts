/**
 * Lingui at build time (docs/architecture.md "Languages"). The macros (@lingui/babel-plugin-lingui-macro)
 * turn each message into a descriptor `{ id, message }`; here, in the same Babel pass:
 *
 * - the English message is compiled in place (Lingui's own compiler, run in Node) into the form a
 *   catalogue holds, and the id is dropped. English, the source language, then loads no catalogue
 *   and the code carries no ids: each route carries its own words, about as before, instead of the
 *   whole app's words in an English catalogue or a hashed id beside each message (the budget in
 *   scripts/bundle-budget.mjs allows 2 KB for all of i18n on the English first paint).
 * - `import … from './locales/es.po'` becomes the Spanish catalogue, compiled, keyed by the English
 *   message (src/i18n/catalogue-key.ts). A translation that does not compile fails the build; one
 *   left empty falls back to the English (scripts/i18n-check.mjs fails `npm test` on it).
 */
import { readFileSync } from 'node:fs';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { PluginObj, types as BabelTypes } from '@babel/core';
import type { Plugin } from 'vite';
import { catalogueKey, compactForm, type CompiledMessage, type Token } from '../src/i18n/catalogue-key.ts';

type Types = typeof BabelTypes;

const compile = (message: string): CompiledMessage => compactForm(compileMessageOrThrow(message) as Token[]);

export function linguiSourceMessages({ types: t }: { types: Types }): PluginObj {
  const compiled = (message: string) => t.valueToNode(compile(message));
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
              const english = compiled((message.value as BabelTypes.StringLiteral).value);
              const rest = props.filter((p) => p !== id && p !== message);
              const values = rest.find((p) => t.isObjectProperty(p) && isKey(p.key, 'values'));
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
              path.node.attributes = attrs.filter((a) => a !== id);
            },
          });
        },
      },
    },
  };
}

/** The compiled messages of a .po catalogue, keyed by the compiled English; untranslated ones left out. */
export function compileCatalogue(po: string, file = 'catalogue'): Record<string, CompiledMessage> {
  const out: Record<string, CompiledMessage> = {};
  for (const [source, translation] of poEntries(po)) {
    if (!translation) continue;
    try {
      out[catalogueKey(compile(source))] = compile(translation);
    } catch (e) {
      throw new Error(`${file}: ${JSON.stringify(translation)} does not compile: ${(e as Error).message}`, {
        cause: e,
      });
    }
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
