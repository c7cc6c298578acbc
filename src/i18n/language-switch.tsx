import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { LOCALE_NAMES, localeOfTag, type Locale } from './locale-choice';
import { switchLocale } from './switch-locale';
import { useLocale } from './runtime';

/** The menu that was just used, when the view holding it is drawn anew in the new language. */
let refocus: string | null = null;

/**
 * The language menu (header and Settings, each with its own `id`): switches in place, remembered in
 * this browser. Each language is named in itself, as language menus do. A link's `lang=` follows,
 * so the address shared after a switch opens in the language shown.
 */
export function LanguageSwitch({ id, className }: { id: string; className?: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const ref = useRef<HTMLSelectElement>(null);
  // A view is drawn anew when the language changes (src/app/layout.tsx): the menu used keeps the focus.
  useLayoutEffect(() => {
    if (refocus !== id) return;
    refocus = null;
    ref.current?.focus();
  }, [id]);
  const chosen = async (value: string) => {
    const next = localeOfTag(value);
    if (!next || next === locale) return;
    refocus = id;
    setTimeout(() => refocus === id && (refocus = null), 1_000);
    await switchLocale(next);
    // Where the menu is not drawn anew (the header), it keeps the focus itself.
    if (ref.current?.isConnected) ref.current.focus();
    const search = new URLSearchParams(location.search);
    if (search.has('lang')) {
      search.set('lang', next);
      navigate({ pathname: location.pathname, search: `?${search}`, hash: location.hash }, { replace: true });
    }
  };
  return (
    <span className={className}>
      <label htmlFor={id}>{t`Language`}</label>{' '}
      <select id={id} ref={ref} value={locale} onChange={(e) => void chosen(e.target.value)}>
        {(Object.keys(LOCALE_NAMES) as Locale[]).map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </span>
  );
}
