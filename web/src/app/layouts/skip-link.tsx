import type { MouseEvent } from 'react';
import { useT } from '../../lib/i18n/i18n';
import { commonMessages } from '../../lib/messages/common';

function focusMain(event: MouseEvent<HTMLAnchorElement>) {
  // Move focus without a hash navigation, which the router would treat as a page change.
  const main = document.getElementById('main');
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView();
}

export function SkipLink() {
  const t = useT(commonMessages);
  return (
    <a className="skip-link" href="#main" onClick={focusMain}>
      {t('common.skipToContent')}
    </a>
  );
}
