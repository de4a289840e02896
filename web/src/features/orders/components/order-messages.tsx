import { useOrderMessages, type OrderMessage } from '../api/get-order-messages';
import { formatDateTime } from '../format-date';
import { eventLabel } from './order-timeline';

const CHANNELS: Record<OrderMessage['channel'], string> = { sms: 'SMS', email: 'Email' };
const STATES: Record<OrderMessage['state'], string> = { pending: 'Waiting to be sent', sent: 'Sent', failed: 'Failed' };

/** What happened to one message: when it went out, or how often it was tried and what comes next. */
function stateDetails(message: OrderMessage): string | null {
  const tries = message.attempts === 1 ? '1 try' : `${message.attempts} tries`;
  if (message.state === 'sent') return message.sentAt ? `Sent ${formatDateTime(message.sentAt)}` : null;
  if (message.state === 'failed') return `Given up after ${tries}`;
  if (message.attempts === 0) return null;
  return `Tried ${message.attempts === 1 ? 'once' : `${message.attempts} times`}${message.nextAttemptAt ? `; next try ${formatDateTime(message.nextAttemptAt)}` : ''}`;
}

/** The order's SMS and emails (admin): to whom, for which event, and whether each went out. */
export function OrderMessages({ orderId }: { orderId: string }) {
  const { data, status, hasNextPage, fetchNextPage, isFetchingNextPage } = useOrderMessages(orderId);

  if (status === 'pending') {
    return (
      <p className="timeline__status" role="status">
        Loading the messages...
      </p>
    );
  }
  if (status === 'error') {
    return <p className="timeline__status timeline__status--error">The messages could not be loaded.</p>;
  }
  const messages = data.pages.flatMap((page) => page.items);
  const total = data.pages.at(-1)?.total ?? messages.length;
  if (messages.length === 0) return <p className="timeline__status">No messages about this order.</p>;
  return (
    <>
      <ul className="order-messages" data-testid="order-messages">
        {messages.map((message) => (
          <li key={message.id} className="order-messages__item" data-testid="order-message" data-state={message.state}>
            <p className="order-messages__head">
              <span className="order-messages__what">
                {CHANNELS[message.channel]} to {message.recipient}
              </span>
              <span className={`message-state message-state--${message.state}`} data-testid="message-state">
                {STATES[message.state]}
              </span>
            </p>
            <p className="order-messages__meta">
              {eventLabel(message.event)} · written {formatDateTime(message.createdAt)}
              {stateDetails(message) && ` · ${stateDetails(message)}`}
            </p>
            {message.lastError && message.state !== 'sent' && <p className="order-messages__error">Last error: {message.lastError}</p>}
            <details className="order-messages__body">
              <summary>{message.subject ?? 'Text'}</summary>
              <p>{message.body}</p>
            </details>
          </li>
        ))}
      </ul>
      {total > messages.length && (
        <div className="timeline__more">
          <p className="timeline__status">
            Showing {messages.length} of {total} messages
          </p>
          {hasNextPage && (
            <button type="button" className="button button--secondary button--small" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
              {isFetchingNextPage ? 'Loading…' : 'Show more messages'}
            </button>
          )}
        </div>
      )}
    </>
  );
}
