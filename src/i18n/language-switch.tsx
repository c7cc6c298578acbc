import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { LOCALE_NAMES, localeOfTag, type Locale } from './locale-choice';
import { switchLocale } from './switch-locale';
import { useLocale } from './runtime';

/**
 * The language menu (header and Settings): switches in place, remembered in this browser. Each
 * language is named in itself, as language menus do. A link's `lang=` follows, so the address
 * shared after a switch opens in the language shown.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const id = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const chosen = async (value: string) => {
    const next = localeOfTag(value);
    if (!next || next === locale) return;
    await switchLocale(next);
    const search = new URLSearchParams(location.search);
    if (search.has('lang')) {
      search.set('lang', next);
      navigate({ pathname: location.pathname, search: `?${search}`, hash: location.hash }, { replace: true });
    }
    // The view is drawn anew in the new language (src/app/layout.tsx): focus stays on the menu.
    document.getElementById(id)?.focus();
  };
  return (
    <span className={className}>
      <label htmlFor={id}>{t`Language`}</label>{' '}
      <select id={id} value={locale} onChange={(e) => void chosen(e.target.value)}>
        {(Object.keys(LOCALE_NAMES) as Locale[]).map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </span>
  );
}
