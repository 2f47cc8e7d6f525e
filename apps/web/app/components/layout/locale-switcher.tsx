import { useRef, type MouseEvent } from 'react';
import { useTranslation } from '../../i18n/runtime';
import { LOCALE_NAMES, LOCALES, type Locale } from '@croupier/shared/locales';
import { localePath } from '../../i18n/locale-path';
import { Icon } from '../ui/icons';
import { useDisclosure } from '../ui/use-disclosure';

/**
 * Language picker: plain links to the same page under another prefix (works without JavaScript);
 * with JavaScript, `onSelect` handles the switch (e.g. saving the player's language first).
 */
export function LocaleSwitcher({
  locale,
  currentPath,
  onSelect,
}: {
  locale: Locale;
  currentPath: string;
  onSelect?: (locale: Locale, to: string) => void;
}) {
  const { t } = useTranslation();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menu = useDisclosure(rootRef, buttonRef);
  const pick = (l: Locale, to: string) => (event: MouseEvent) => {
    menu.close();
    if (!onSelect || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    onSelect(l, to);
  };
  return (
    <div className="locale-switcher" ref={rootRef}>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        ref={buttonRef}
        aria-expanded={menu.open}
        aria-controls={menu.id}
        onClick={menu.toggle}
      >
        <Icon name="globe" size={18} />
        <span className="visually-hidden">{t('header.language')}: </span>
        <span lang={locale} className="locale-switcher__code">
          {locale}
        </span>
      </button>
      <ul className="popover locale-switcher__list" id={menu.id} hidden={!menu.open}>
        {LOCALES.map((l) => {
          const to = localePath(currentPath, l);
          return (
            <li key={l}>
              <a href={to} hrefLang={l} lang={l} aria-current={l === locale ? 'true' : undefined} onClick={pick(l, to)}>
                {LOCALE_NAMES[l].nameInLocale}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
