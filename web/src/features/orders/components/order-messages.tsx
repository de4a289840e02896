import { useOrderMessages, type OrderMessage } from '../api/get-order-messages';
import { formatDateTimeFor } from '../format-date';
import { formatNumber, type Lang } from '../../../../../src/shared/locale-format';
import { useLanguage, useT, type Translate } from '../../../lib/i18n/i18n';
import { orderRecordsMessages } from '../messages/order-records';
import { ordersMessages } from '../messages/orders';
import { eventName } from './order-timeline';

type RecordId = NonNullable<typeof orderRecordsMessages.ids>;

const CHANNELS = { sms: 'orderRecords.channel.sms', email: 'orderRecords.channel.email' } as const satisfies Record<OrderMessage['channel'], string>;
const STATES = {
  pending: 'orderRecords.state.pending',
  sent: 'orderRecords.state.sent',
  failed: 'orderRecords.state.failed',
  held: 'orderRecords.state.held',
  skipped: 'orderRecords.state.skipped',
} as const satisfies Record<OrderMessage['state'], string>;

/** Why a message was held or skipped (decision 048): the server stores a code, the page says it in the admin's language. */
const REASONS: Readonly<Record<string, RecordId>> = {
  'sms-budget-spent': 'orderRecords.reason.sms-budget-spent',
  'sms-shop-hour': 'orderRecords.reason.sms-shop-hour',
  'sms-number-hour': 'orderRecords.reason.sms-number-hour',
  'sms-number-day': 'orderRecords.reason.sms-number-day',
  'quick-cancel': 'orderRecords.reason.quick-cancel',
};
const reasonText = (message: OrderMessage, t: Translate<RecordId>): string | null => {
  const id = message.lastError ? REASONS[message.lastError] : undefined;
  return id ? t(id) : null;
};

/** What happened to one message: when it went out, or how often it was tried and what comes next. */
function stateDetails(message: OrderMessage, t: Translate<RecordId>, lang: Lang): string | null {
  const count = formatNumber(message.attempts, lang);
  if (message.state === 'sent') return message.sentAt ? t('orderRecords.sentAt', { at: formatDateTimeFor(message.sentAt, lang) }) : null;
  if (message.state === 'failed') return message.attempts === 1 ? t('orderRecords.givenUpOnce') : t('orderRecords.givenUp', { count });
  if (message.state === 'held' || message.state === 'skipped') return null;
  if (message.attempts === 0) return null;
  const tried = message.attempts === 1 ? t('orderRecords.triedOnce') : t('orderRecords.tried', { count });
  return `${tried}${message.nextAttemptAt ? t('orderRecords.nextTry', { at: formatDateTimeFor(message.nextAttemptAt, lang) }) : ''}`;
}

/** The order's SMS and emails (admin): to whom, for which event, and whether each went out. */
export function OrderMessages({ orderId }: { orderId: string }) {
  const { data, status, hasNextPage, fetchNextPage, isFetchingNextPage } = useOrderMessages(orderId);
  const t = useT(orderRecordsMessages);
  const tOrders = useT(ordersMessages);
  const lang = useLanguage();

  if (status === 'pending') {
    return (
      <p className="timeline__status" role="status">
        {t('orderRecords.messagesLoading')}
      </p>
    );
  }
  if (status === 'error') {
    return <p className="timeline__status timeline__status--error">{t('orderRecords.messagesFailed')}</p>;
  }
  const messages = data.pages.flatMap((page) => page.items);
  const total = data.pages.at(-1)?.total ?? messages.length;
  if (messages.length === 0) return <p className="timeline__status">{t('orderRecords.noMessages')}</p>;
  return (
    <>
      <ul className="order-messages" data-testid="order-messages">
        {messages.map((message) => (
          <li key={message.id} className="order-messages__item" data-testid="order-message" data-state={message.state}>
            <p className="order-messages__head">
              <span className="order-messages__what">
                {t('orderRecords.to', { channel: t(CHANNELS[message.channel]), recipient: message.recipient })}
              </span>
              <span className={`message-state message-state--${message.state}`} data-testid="message-state">
                {t(STATES[message.state])}
              </span>
            </p>
            <p className="order-messages__meta">
              {eventName(tOrders, message.event)} ·{' '}
              {t('orderRecords.written', { at: formatDateTimeFor(message.createdAt, lang) })}
              {stateDetails(message, t, lang) && ` · ${stateDetails(message, t, lang)}`}
            </p>
            {message.lastError && message.state !== 'sent' && (
              <p className="order-messages__error" data-testid="message-reason">
                {reasonText(message, t) ?? t('orderRecords.lastError', { error: message.lastError })}
              </p>
            )}
            <details className="order-messages__body">
              <summary>{message.subject ?? t('orderRecords.text')}</summary>
              <p>{message.body}</p>
            </details>
          </li>
        ))}
      </ul>
      {total > messages.length && (
        <div className="timeline__more">
          <p className="timeline__status">
            {t('orderRecords.messagesShowing', { shown: formatNumber(messages.length, lang), total: formatNumber(total, lang) })}
          </p>
          {hasNextPage && (
            <button type="button" className="button button--secondary button--small" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
              {isFetchingNextPage ? t('orderRecords.loadingMore') : t('orderRecords.moreMessages')}
            </button>
          )}
        </div>
      )}
    </>
  );
}
