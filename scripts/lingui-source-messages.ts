/**
 * English, the source language, loads no catalogue: its messages stay in the code, compiled here at
 * build time (Lingui's own compiler, run in Node) into the form a catalogue holds. Lingui's runtime
 * then reads a message it finds in no catalogue from the descriptor itself, and in a production
 * build it has no compiler of its own, so this is what makes `{name}` and plurals work in English.
 *
 * Why: a catalogue holds every message of the app, and English is the first paint of every route.
 * Loading an English catalogue would put the whole app's words on each route's first paint (the
 * budget in scripts/bundle-budget.mjs allows 2 KB for all of i18n); inline, each route carries only
 * its own words, as before. Spanish loads its compiled catalogue (src/i18n/catalogue.ts), which wins
 * over the inline English whenever it has the message.
 *
 * Runs after @lingui/babel-plugin-lingui-macro (stripMessageField: false), in the same Babel pass:
 * `{ id: "…", message: "Hello {name}" }` becomes `{ id: "…", message: ["Hello ", ["name"]] }`, and
 * `<Trans id="…" message="…">` likewise.
 */
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { PluginObj, types as BabelTypes } from '@babel/core';

type Types = typeof BabelTypes;

export function linguiSourceMessages({ types: t }: { types: Types }): PluginObj {
  const compiled = (message: string) => t.valueToNode(compileMessage(message));
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
              const hasId = props.some((p) => t.isObjectProperty(p) && isKey(p.key, 'id') && t.isStringLiteral(p.value));
              if (!hasId) return;
              for (const p of props) {
                if (t.isObjectProperty(p) && isKey(p.key, 'message') && t.isStringLiteral(p.value))
                  p.value = compiled(p.value.value);
              }
            },
            JSXOpeningElement(path) {
              const attrs = path.node.attributes;
              const hasId = attrs.some((a) => t.isJSXAttribute(a) && a.name.name === 'id');
              if (!hasId) return;
              for (const a of attrs) {
                if (!t.isJSXAttribute(a) || a.name.name !== 'message') continue;
                const v = t.isJSXExpressionContainer(a.value) ? a.value.expression : a.value;
                if (t.isStringLiteral(v)) a.value = t.jsxExpressionContainer(compiled(v.value));
              }
            },
          });
        },
      },
    },
  };
}
