import { useNavigate } from 'react-router-dom';
import { useT } from '../lib/i18n/i18n';
import { goBackMessages } from './messages/go-back';
import { PAGES } from '../app/routes';

type HistoryState = { idx?: number } | null;

export function GoBack() {
  const t = useT(goBackMessages);
  const navigate = useNavigate();

  function handleClick() {
    // React Router keeps the in-app history index in history.state. On a page opened directly
    // (idx 0) there is no in-app step to go back to, so go home rather than leave the shop.
    const idx = (window.history.state as HistoryState)?.idx ?? 0;
    if (idx > 0) {
      void navigate(-1);
    } else {
      void navigate(PAGES.home.link());
    }
  }

  return (
    <button type="button" className="button button--secondary go-back" onClick={handleClick}>
      <svg aria-hidden="true" focusable="false" viewBox="0 0 20 20" width="16" height="16">
        <path d="M12.5 4.5 7 10l5.5 5.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {t('goBack.label')}
    </button>
  );
}
