import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useT } from '../../../lib/i18n/i18n';
import { commonMessages } from '../../../lib/messages/common';

/**
 * The navbar's product search: goes to `action`?q=... (a plain GET form too, should the app not run).
 * On the results page it shows the words searched for.
 */
export function SearchBox({ action }: { action: string }) {
  const t = useT(commonMessages);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const current = pathname === action ? (new URLSearchParams(search).get('q') ?? '') : '';
  // What is typed, until the URL's words change (Back to another search): not remounted, so focus stays.
  const [value, setValue] = useState(current);
  const [seen, setSeen] = useState(current);
  if (seen !== current) {
    setSeen(current);
    setValue(current);
  }

  return (
    <form
      role="search"
      action={action}
      className="search-box"
      onSubmit={(event) => {
        event.preventDefault();
        const q = value.trim();
        if (q) navigate(`${action}?${new URLSearchParams({ q })}`);
      }}
    >
      <input
        type="search"
        name="q"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        className="search-box__input"
        aria-label={t('common.searchProducts')}
        placeholder={t('common.searchProducts')}
        maxLength={120}
        enterKeyHint="search"
      />
      <button type="submit" className="search-box__button">
        <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20">
          <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m16 16 4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">{t('common.search')}</span>
      </button>
    </form>
  );
}
