import { HTTPError } from 'ky';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { LoadingStatus } from '../../../components/loading-status';
import { showFailure } from '../../../lib/dialog';
import { useLanguage, useT, type Lang, type Translate } from '../../../lib/i18n/i18n';
import { formatDigits, formatMoney } from '../../../../../src/shared/locale-format';
import { PAGES } from '../../../app/routes';
import { usePayment } from '../api/get-payment';
import type { OrderPayment } from '../api/payment-keys';
import { useRetryPayment } from '../api/retry-payment';
import { formatWhen } from '../../../lib/format-when';
import { paymentsMessages, type PaymentsId } from '../messages/payments';
import { offersRetry, payMessage, readResult, type PayMessage } from '../pay-result';
import './pay-page.css';

/** How each message looks: good news, bad news, or a plain note. */
const TONES: Record<PayMessage, string> = {
  paid: 'notice notice--success',
  late: 'notice notice--error',
  canceled: 'notice',
  failed: 'notice notice--error',
  failedBalance: 'notice notice--error',
  pending: 'notice',
  stillPending: 'notice',
  expired: 'notice notice--error',
  unavailable: 'notice notice--error',
  unknown: 'notice notice--error',
  awaiting: 'notice',
};

/**
 * /pay/:orderId (signed in; issue 35): where bKash's page sends the shopper back, through the shop's
 * callback, with ?result= (paid, canceled, failed, pending, expired, unavailable, unknown) and, for a
 * failure, bKash's ?code=. Shows the order's number, its advance and what is left to pay on delivery,
 * and what happened: a pending payment is checked with bKash every 3 s (10 times at most); while the
 * order still awaits its advance, Try again starts another payment and goes to bKash's page.
 * /pay alone (a return the shop could not match) says it found no payment.
 */
export function PayPage() {
  const t = useT(paymentsMessages);
  const lang = useLanguage();
  const { orderId = '' } = useParams();
  const [params] = useSearchParams();
  const result = readResult(params.get('result'));
  const code = params.get('code');
  // bKash said success, or nothing sure: the server is asked to check with bKash.
  const check = result === 'pending' || result === 'paid';
  const { query, checksLeft } = usePayment(orderId, check);
  const retry = useRetryPayment();
  // Sent on to bKash: the button stays busy until the browser leaves.
  const [leaving, setLeaving] = useState(false);

  const notFound = query.error instanceof HTTPError && query.error.response.status === 404;
  const title = (
    <h1 id="pay-title" className="page__title">
      {t('payments.title')}
    </h1>
  );

  if (orderId !== '' && query.status === 'pending') {
    return (
      <section className="page container container--narrow pay-page" aria-labelledby="pay-title">
        {title}
        <LoadingStatus label={t('payments.loading')} />
      </section>
    );
  }
  if (orderId !== '' && query.status === 'error' && !notFound) {
    return (
      <section className="page container container--narrow pay-page" aria-labelledby="pay-title">
        {title}
        <p className="notice notice--error" role="alert">
          {t('payments.failed')}
        </p>
      </section>
    );
  }

  const payment = orderId !== '' && query.data ? query.data : null;
  // "Now" is when the server answered: a hold whose time passed by then is over.
  const message = payMessage({ result, code, payment, checksLeft, now: query.dataUpdatedAt });

  async function tryAgain() {
    if (!payment || retry.isPending || leaving) return;
    let redirectUrl: string;
    try {
      ({ redirectUrl } = (await retry.mutateAsync(payment.orderId)).payment);
    } catch (error) {
      await showFailure(error, t('payments.retryFailed'));
      return;
    }
    setLeaving(true);
    window.location.assign(redirectUrl);
  }

  return (
    <section className="page container container--narrow pay-page" aria-labelledby="pay-title" data-testid="pay-page" data-message={message}>
      {title}
      {payment && (
        <h2 className="pay-page__order" data-testid="order-number">
          {t('payments.order', { number: formatDigits(payment.orderNumber, lang) })}
        </h2>
      )}
      <div className={`${TONES[message]} pay-page__message`} role="status" data-testid="pay-message">
        {message === 'pending' && <span className="spinner__circle pay-page__spinner" aria-hidden="true" />}
        <p>{messageText(message, payment, t, lang)}</p>
        {message === 'unavailable' && payment?.advance.status === 'awaiting' && (
          <p>{t('payments.tryUntil', { time: formatWhen(payment.advance.holdUntil, lang) })}</p>
        )}
      </div>
      {payment && <PaymentFacts payment={payment} />}
      <div className="pay-page__actions">
        {offersRetry(message, payment) && (
          <button type="button" className="button button--primary" disabled={retry.isPending || leaving} onClick={() => void tryAgain()}>
            {retry.isPending || leaving ? t('payments.opening') : t('payments.tryAgain')}
          </button>
        )}
        {message === 'stillPending' && (
          <button type="button" className="button button--secondary" disabled={query.isFetching} onClick={() => void query.refetch()}>
            {query.isFetching ? t('payments.checking') : t('payments.checkAgain')}
          </button>
        )}
        {(message === 'paid' || message === 'late' || message === 'stillPending') && (
          <Link to={PAGES.myOrders.link()} className="button button--secondary">
            {t('payments.myOrders')}
          </Link>
        )}
        {(message === 'expired' || message === 'unknown') && (
          <Link to={PAGES.allProducts.link()} className="button button--secondary">
            {t('payments.orderAgain')}
          </Link>
        )}
      </div>
    </section>
  );
}

/** The message's words, with the order's number or the time its hold runs out. */
function messageText(message: PayMessage, payment: OrderPayment | null, t: Translate<PaymentsId>, lang: Lang): string {
  if (!payment) return t(`payments.result.${message}`);
  return t(`payments.result.${message}`, { number: formatDigits(payment.orderNumber, lang), time: formatWhen(payment.advance.holdUntil, lang) });
}

/** The advance, the order's total and what the courier collects; the time to pay by while it waits; bKash's transaction once paid. */
function PaymentFacts({ payment }: { payment: OrderPayment }) {
  const t = useT(paymentsMessages);
  const lang = useLanguage();
  const { advance } = payment;
  return (
    <dl className="pay-page__facts" aria-label={t('payments.facts')} data-testid="pay-facts">
      <div>
        <dt>{t('payments.advance')}</dt>
        <dd data-testid="pay-advance">{formatMoney(advance.amount, lang)}</dd>
      </div>
      <div>
        <dt>{t('payments.onDelivery')}</dt>
        <dd data-testid="pay-on-delivery">{formatMoney(payment.payOnDelivery, lang)}</dd>
      </div>
      <div>
        <dt>{t('payments.total')}</dt>
        <dd>{formatMoney(payment.total, lang)}</dd>
      </div>
      {advance.status === 'awaiting' && (
        <div>
          <dt>{t('payments.payBy')}</dt>
          <dd>
            <time dateTime={advance.holdUntil}>{formatWhen(advance.holdUntil, lang)}</time>
          </dd>
        </div>
      )}
      {advance.trxId && (
        <div>
          <dt>{t('payments.trx')}</dt>
          <dd data-testid="pay-trx">{advance.trxId}</dd>
        </div>
      )}
    </dl>
  );
}
