import { DataTable } from '../../../components/data-table';
import { Pager, usePageParam } from '../../../components/pager';
import { QueryStatus } from '../../../components/query-status';
import { uncheckedEvents, useAudit } from '../api/get-audit';
import { eventLabel } from '../components/order-timeline';
import { formatDateTime } from '../format-date';

const HASH_PREFIX = 12;

/** /dashboard/audit (admin): the server's check of the order log's hash chain, and the latest events. */
export function AuditPage() {
  const page = usePageParam();
  const { data: audit, status, refetch, isFetching } = useAudit(page);

  return (
    <section className="dashboard-page" aria-labelledby="audit-title">
      <h1 id="audit-title" className="page__title">
        Order Audit
      </h1>
      <p className="page__lead">
        Every change to an order is an event in an append-only log; each event's hash covers the one before it, so an
        edited or removed event breaks the chain.
      </p>
      <QueryStatus status={status} loading="Verifying the order log..." failed="Failed to load the audit" />
      {status === 'success' && (
        <>
          {uncheckedEvents(audit) > 0 ? (
            // Not a verdict yet: verified is false and problem null until the server has checked every event.
            <p className="notice" role="status" data-testid="audit-status">
              Checking the order log: {uncheckedEvents(audit)} events left…
            </p>
          ) : audit.verified ? (
            <p className="notice notice--success" role="status" data-testid="audit-status">
              Verified: every event is intact
            </p>
          ) : (
            <div className="notice notice--error" role="alert" data-testid="audit-status">
              <p className="audit-problem__title">Problem found: the order log is not intact</p>
              {audit.problem && (
                <dl className="audit-problem">
                  <div>
                    <dt>Event</dt>
                    <dd>
                      <code>{audit.problem.eventId}</code>
                    </dd>
                  </div>
                  <div>
                    <dt>Order</dt>
                    <dd>
                      <code>{audit.problem.orderId}</code> (seq {audit.problem.seq})
                    </dd>
                  </div>
                  <div>
                    <dt>Reason</dt>
                    <dd>{audit.problem.reason}</dd>
                  </div>
                </dl>
              )}
            </div>
          )}
          <div className="dashboard-page__bar audit__bar">
            <p className="page__lead" data-testid="audit-count">
              Events: {audit.eventCount}
            </p>
            <button type="button" className="button button--secondary button--small" disabled={isFetching} onClick={() => void refetch()}>
              {isFetching ? 'Verifying…' : 'Verify again'}
            </button>
          </div>
          {audit.events.length === 0 && page === 1 ? (
            <p className="notice">No order events yet.</p>
          ) : (
            <DataTable
              labelledBy="audit-title"
              caption="Order events, newest first"
              columns={['Time', 'Order', 'Seq', 'Type', 'Actor', 'Hash']}
            >
              {audit.events.map((event) => {
                const broken = audit.problem?.eventId === event.id;
                return (
                  <tr key={event.id} data-testid="audit-event" className={broken ? 'audit__broken' : undefined}>
                    <td className="data-table__nowrap">
                      <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                    </td>
                    <td>
                      <code>{event.orderId}</code>
                    </td>
                    <td>{event.seq}</td>
                    <td className="data-table__nowrap" title={eventLabel(event.type)}>
                      {event.type}
                      {broken && <span className="data-table__tag"> (problem)</span>}
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
