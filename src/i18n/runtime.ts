/**
 * What Lingui's React macros (`useLingui`, `Trans` from @lingui/react/macro) call at run time
 * (lingui.config.ts `runtimeConfigModule`, through package.json's `#i18n-runtime` import). They
 * read the app's one instance (./i18n.ts) directly and re-render when the language changes, so no
 * provider is needed: a component renders the same in the app, a unit test or the start-error
 * screen.
 *
 * `Trans` is the app's own, not @lingui/react's: that one checks props for mistakes the macro
 * cannot make (render and component props, void elements) with messages that cost every route's
 * first paint about 0.6 KB gzipped. What it does is the same: the message translated, then its
 * `<0>…</0>` tags replaced by the message's elements.
 */
import { cloneElement, Fragment, createElement, useSyncExternalStore } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { i18n, type Values } from './i18n';
import type { CompiledMessage } from './catalogue-key';
import type { Locale } from './locale-choice';

const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const currentLocale = (): Locale => i18n.locale;

/** The active language, re-rendering its component when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale);
}

const lingui = { i18n, _: i18n._, t: i18n._ };

/** What the `useLingui` macro reads; its component re-renders when the language changes. */
export function useLingui() {
  useLocale();
  return lingui;
}

const TAG = /<(\w+)>([\s\S]*?)<\/\1>|<(\w+)\/>/;

/** `text` with each `<n>…</n>` (or `<n/>`) drawn as element n, holding what the tags hold. */
export function formatElements(text: string, elements: Record<string, ReactElement>): ReactNode {
  // split() with the tag's three groups: text, [name, inner, empty tag's name, text]…
  const parts = text.split(TAG);
  if (parts.length === 1) return text;
  const out: ReactNode[] = [parts[0]];
  for (let i = 1; i < parts.length; i += 4) {
    const name = parts[i] ?? parts[i + 2]!;
    const inner = parts[i + 1];
    const element = elements[name] ?? createElement(Fragment);
    out.push(
      cloneElement(
        element,
        { key: i },
        inner === undefined ? (element.props as { children?: ReactNode }).children : formatElements(inner, elements),
      ),
      parts[i + 3],
    );
  }
  return out;
}

interface TransProps {
  message?: CompiledMessage;
  values?: Values;
  components?: Record<string, ReactElement>;
}

export function Trans({ message, values, components = {} }: TransProps) {
  useLocale();
  // A value that is itself an element (`{link}` in the message) becomes one of the elements.
  const shown: Record<string, unknown> = {};
  const elements = { ...components };
  for (const [k, v] of Object.entries(values ?? {})) {
    if (typeof v === 'string' || typeof v === 'number' || v == null) shown[k] = v;
    else {
      const n = Object.keys(elements).length;
      elements[n] = createElement(Fragment, null, v as ReactNode);
      shown[k] = `<${n}/>`;
    }
  }
  return formatElements(i18n._(message ?? '', shown), elements);
}
