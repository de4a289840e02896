import type { MouseEvent } from 'react';

function focusMain(event: MouseEvent<HTMLAnchorElement>) {
  // Move focus without a hash navigation, which the router would treat as a page change.
  const main = document.getElementById('main');
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView();
}

export function SkipLink() {
  return (
    <a className="skip-link" href="#main" onClick={focusMain}>
      Skip to content
    </a>
  );
}
