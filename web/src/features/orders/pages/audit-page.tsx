import { DataTable } from '../../../components/data-table';
import { Pager, usePageParam } from '../../../components/pager';
import { QueryStatus } from '../../../components/query-status';
import { uncheckedEvents, useAudit } from '../api/get-audit';
import { eventName } from '../components/order-timeline';
import { ordersMessages } from '../messages/orders';
import { formatDateTimeFor } from '../format-date';
import { Link } from 'react-router-dom';
import { formatDigits, formatNumber } from '../../../../../src/shared/locale-format';
import { PAGES } from '../../../app/routes';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { auditMessages } from '../messages/audit';

const HASH_PREFIX = 12;

/** /dashboard/audit (admin): the server's check of the order log's hash chain, and the latest events. */
export function AuditPage() {
  const page = usePageParam();
  const { data: audit, status, refetch, isFetching } = useAudit(page);
  const t = useT(auditMessages);
  const tOrders = useT(ordersMessages);
  const lang = useLanguage();
  // An order's number as the desk writes it: a name, in the page's digits, not grouped.
  const digits = (n: number) => formatDigits(n, lang);

  return (
    <section className="dashboard-page" aria-labelledby="audit-title">
      <h1 id="audit-title" className="page__title">
        {t('audit.title')}
      </h1>
      <p className="page__lead">{t('audit.lead')}</p>
      <QueryStatus status={status} loading={t('audit.loading')} failed={t('audit.failed')} />
      {status === 'success' && (
        <>
          {uncheckedEvents(audit) > 0 ? (
            // Not a verdict yet: verified is false and problem null until the server has checked every event.
            <p className="notice" role="status" data-testid="audit-status">
              {t('audit.checking', { count: formatNumber(uncheckedEvents(audit), lang) })}
            </p>
          ) : audit.verified ? (
            <p className="notice notice--success" role="status" data-testid="audit-status">
              {t('audit.verified')}
            </p>
          ) : (
            <div className="notice notice--error" role="alert" data-testid="audit-status">
              <p className="audit-problem__title">{t('audit.problem')}</p>
              {audit.problem && (
                <dl className="audit-problem">
                  <div>
                    <dt>{t('audit.event')}</dt>
                    <dd>
                      <code>{audit.problem.eventId}</code>
                    </dd>
                  </div>
                  <div>
                    <dt>{t('audit.order')}</dt>
                    <dd>
                      {audit.problem.orderNumber === null ? (
                        <code>{audit.problem.orderId}</code>
                      ) : (
                        <Link to={PAGES.order.link(audit.problem.orderId)}>{t('audit.orderNumber', { number: digits(audit.problem.orderNumber) })}</Link>
                      )}{' '}
                      {t('audit.seq', { seq: audit.problem.seq === null ? '' : formatDigits(audit.problem.seq, lang) })}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('audit.reason')}</dt>
                    <dd>{audit.problem.reason}</dd>
                  </div>
                </dl>
              )}
            </div>
          )}
          <div className="dashboard-page__bar audit__bar">
            <p className="page__lead" data-testid="audit-count">
              {t('audit.count', { count: formatNumber(audit.eventCount, lang) })}
            </p>
            <button type="button" className="button button--secondary button--small" disabled={isFetching} onClick={() => void refetch()}>
              {isFetching ? t('audit.verifying') : t('audit.verifyAgain')}
            </button>
          </div>
          {audit.events.length === 0 && page === 1 ? (
            <p className="notice">{t('audit.empty')}</p>
          ) : (
            <DataTable
              labelledBy="audit-title"
              caption={t('audit.caption')}
              columns={[t('audit.col.time'), t('audit.col.order'), t('audit.col.seq'), t('audit.col.type'), t('audit.col.actor'), t('audit.col.hash')]}
            >
              {audit.events.map((event) => {
                const broken = audit.problem?.eventId === event.id;
                return (
                  <tr key={event.id} data-testid="audit-event" className={broken ? 'audit__broken' : undefined}>
                    <td className="data-table__nowrap">
                      <time dateTime={event.at}>{formatDateTimeFor(event.at, lang)}</time>
                    </td>
                    <td className="data-table__nowrap">
                      {/* The order by the number the shop and its customer know, linked to its page (issue 33); an order of before numbers by its id. */}
                      <Link to={PAGES.order.link(event.orderId)} data-testid="audit-order">
                        {event.orderNumber === null ? <code>{event.orderId}</code> : t('audit.orderNumber', { number: digits(event.orderNumber) })}
                      </Link>
                    </td>
                    <td>{formatDigits(event.seq, lang)}</td>
                    <td className="data-table__nowrap" data-type={event.type}>
                      <span data-testid="audit-type">{eventName(tOrders, event.type)}</span>
                      {broken && <span className="data-table__tag">{t('audit.broken')}</span>}
                    </td>
                    <td className="data-table__nowrap">{event.actorEmail}</td>
                    <td>
                      <code title={event.hash}>{event.hash.slice(0, HASH_PREFIX)}…</code>
                    </td>
                  </tr>
                );
              })}
            </DataTable>
          )}
          <Pager page={page} total={audit.eventsTotal} shown={audit.events.length} />
        </>
      )}
    </section>
  );
}
