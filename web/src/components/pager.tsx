import type { MouseEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatNumber } from '../../../src/shared/locale-format';
import { useLanguage, useT } from '../lib/i18n/i18n';
import { lastPage, PAGE_SIZE, pageNumber } from '../lib/paging';
import { pagerMessages } from './messages/pager';

/**
 * The page of a paged list, kept in the URL (?page=2) so that Back, reload and a shared link keep it.
 * Page 1 has no parameter, so the plain address of a page is its first page.
 */
export function usePageParam(): number {
  const [searchParams] = useSearchParams();
  return pageNumber(searchParams.get('page'));
}

/**
 * Another page of a list starts at its top (issue 33: on a phone, Next kept the shopper 1,535 px
 * down, in the footer). The page's own list (`?page=`) goes to the top of the page; a list of its
 * own inside a page (the dashboard's, `param`) to the top of its section when that is above the
 * view. The address keeps its path, so ScrollToTop does not fire. A click that opens a new tab
 * (Ctrl, Cmd, Shift) changes nothing here.
 */
function toListTop(event: MouseEvent<HTMLAnchorElement>, ownList: boolean) {
  if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  const section = ownList ? null : event.currentTarget.closest('section');
  if (section) {
    if (section.getBoundingClientRect().top < 0) section.scrollIntoView({ block: 'start', behavior: 'instant' });
  } else window.scrollTo({ top: 0, behavior: 'instant' });
}

/**
 * "Showing 51–100 of 132" with Previous and Next links (real links: keyboard, middle-click and Back work).
 * Nothing is shown when everything fits on one page.
 */
export function Pager({ page, total, shown, label, size = PAGE_SIZE, param = 'page' }: {
  page: number;
  total: number;
  /** Rows on this page. */
  shown: number;
  /** Names the navigation landmark (two pagers on a page need different names). */
  label?: string;
  size?: number;
  /** The URL parameter of this list's page: a page with two paged lists gives each its own. */
  param?: string;
}) {
  const t = useT(pagerMessages);
  const lang = useLanguage();
  const [searchParams] = useSearchParams();
  if (total <= size && page === 1) return null;

  const first = (page - 1) * size + 1;
  const last = page >= lastPage(total, size) ? total : (page - 1) * size + shown;
  const hrefOf = (target: number) => {
    const params = new URLSearchParams(searchParams);
    if (target === 1) params.delete(param);
    else params.set(param, String(target));
    const query = params.toString();
    return query ? `?${query}` : '?';
  };
  const hasPrevious = page > 1;
  const hasNext = page < lastPage(total, size);

  return (
    <nav className="pager" aria-label={label ?? t('pager.pages')} data-testid="pager">
      <p className="pager__status" aria-live="polite" data-testid="pager-status">
        {shown === 0
          ? t('pager.showingNone', { total: formatNumber(total, lang) })
          : t('pager.showing', { first: formatNumber(first, lang), last: formatNumber(Math.max(first, last), lang), total: formatNumber(total, lang) })}
      </p>
      <div className="pager__links">
        {hasPrevious ? (
          <Link className="button button--small" to={hrefOf(Math.min(page - 1, lastPage(total, size)))} rel="prev" onClick={(event) => toListTop(event, param === 'page')}>
            {t('pager.previous')}
          </Link>
        ) : (
          <span className="button button--small" aria-disabled="true">
            {t('pager.previous')}
          </span>
        )}
        {hasNext ? (
          <Link className="button button--small" to={hrefOf(page + 1)} rel="next" onClick={(event) => toListTop(event, param === 'page')}>
            {t('pager.next')}
          </Link>
        ) : (
          <span className="button button--small" aria-disabled="true">
            {t('pager.next')}
          </span>
        )}
      </div>
    </nav>
  );
}
