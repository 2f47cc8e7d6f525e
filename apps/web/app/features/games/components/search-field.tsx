import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/runtime';
import { useNavigate } from 'react-router';
import { SEARCH_DEBOUNCE_MS } from '../constants';
import { useLocalePath } from '../hooks/use-locale-path';
import { paths } from '../utils/paths';
import { SearchIcon } from './icons';
import './games.css';

export interface SearchFieldProps {
  /**
   * The committed search text (the search page passes the URL's `q`). When it changes from
   * outside (back button), the field follows unless it is what the field itself sent.
   */
  value?: string;
  /** Live mode: called 300 ms after the last keystroke and at once on submit. */
  onSearch?: (text: string) => void;
  className?: string;
  autoFocus?: boolean;
}

/**
 * The game search box. On the search page it searches as you type (debounced); anywhere else
 * (the header) it submits to /search?q=… — as a plain GET form, so it works before hydration too.
 */
export function SearchField({ value = '', onSearch, className, autoFocus }: SearchFieldProps) {
  const { t } = useTranslation('lobby');
  const href = useLocalePath();
  const navigate = useNavigate();
  const inputId = useId();
  const [text, setText] = useState(value);
  const [seenValue, setSeenValue] = useState(value);
  const [lastSent, setLastSent] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Follow an outside change of `value` (adjusting state during render, not in an effect).
  if (value !== seenValue) {
    setSeenValue(value);
    if (value !== lastSent) {
      setText(value);
      setLastSent(value);
    }
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  const send = (next: string) => {
    clearTimeout(timer.current);
    setLastSent(next);
    onSearch?.(next);
  };

  const onChange = (next: string) => {
    setText(next);
    if (!onSearch) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => send(next.trim()), SEARCH_DEBOUNCE_MS);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = text.trim();
    if (onSearch) send(q);
    else void navigate(href(paths.search(q)));
  };

  return (
    <form
      role="search"
      className={['search-field', className].filter(Boolean).join(' ')}
      action={href(paths.search())}
      method="get"
      onSubmit={onSubmit}
    >
      <label htmlFor={inputId} className="visually-hidden">
        {t('search.label')}
      </label>
      <span className="search-field__icon">
        <SearchIcon />
      </span>
      <input
        id={inputId}
        className="search-field__input"
        type="search"
        name="q"
        value={text}
        onChange={(e) => onChange(e.target.value)}
        placeholder={t('search.placeholder')}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        autoFocus={autoFocus}
      />
      <button type="submit" className="btn btn--primary search-field__submit">
        {t('search.submit')}
      </button>
    </form>
  );
}
