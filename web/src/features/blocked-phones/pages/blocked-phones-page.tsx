import { useState, type FormEvent } from 'react';
import { DataTable } from '../../../components/data-table';
import { FormField } from '../../../components/form-field';
import { Pager, usePageParam } from '../../../components/pager';
import { QueryStatus } from '../../../components/query-status';
import { useAuth } from '../../../lib/auth/use-auth';
import { confirmThenRun, loadSwal } from '../../../lib/dialog';
import { describeFailure, isSessionFailure } from '../../../lib/error-message';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { PAGE_SIZE } from '../../../lib/paging';
import { formatDateTime as formatShopDateTime } from '../../../../../src/shared/locale-dates';
import { formatNumber, type Lang } from '../../../../../src/shared/locale-format';
import { normalizeBdMobile } from '../../../../../src/shared/phone';
import { blockedPhonesMessages } from '../messages/blocked-phones';
import { useBlockPhone } from '../api/block-phone';
import { useBlockedPhones, type BlockedPhone } from '../api/get-blocked-phones';
import { useUnblockPhone } from '../api/unblock-phone';

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
/** "21 Nov 2025, 13:49" in the viewer's time zone; the raw text for an unreadable date. */
const formatDateTime = (iso: string) => (Number.isNaN(Date.parse(iso)) ? iso : dateTime.format(Date.parse(iso)));
/** English as above; Bengali as the shop writes it (Bengali digits, Dhaka time). */
const formatDateTimeFor = (iso: string, lang: Lang) => (lang === 'en' ? formatDateTime(iso) : formatShopDateTime(iso, 'bn'));

type FieldErrors = { phone?: string; reason?: string };

/**
 * /dashboard/blockedphones (admin): the phone blocklist (issue 16). Orders carrying a listed number
 * are refused; the shopper is asked to call the shop. Add a number with a reason; remove one after
 * a confirmation. Newest first, a page at a time (?page=). Issue 36: the list is read with orders.manage
 * or customers.read; blocking and unblocking need orders.manage, and show only with it.
 */
export function BlockedPhonesPage() {
  const page = usePageParam();
  const { data, status } = useBlockedPhones(page);
  const phones = data?.items ?? [];
  const blockPhone = useBlockPhone();
  const unblockPhone = useUnblockPhone();
  const [errors, setErrors] = useState<FieldErrors>({});
  const t = useT(blockedPhonesMessages);
  const lang = useLanguage();
  const manage = useAuth().can('orders.manage');

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const phone = String(fields.get('phone') ?? '').trim();
    const reason = String(fields.get('reason') ?? '').trim();
    const found: FieldErrors = {};
    if (!normalizeBdMobile(phone)) found.phone = t('blockedPhones.phoneError');
    if (!reason) found.reason = t('blockedPhones.reasonError');
    setErrors(found);
    if (found.phone || found.reason) {
      form.querySelector<HTMLElement>(found.phone ? '#blocked-phone' : '#blocked-reason')?.focus();
      return;
    }
    const Swal = await loadSwal();
    try {
      const blocked = await blockPhone.mutateAsync({ phone, reason });
      form.reset();
      void Swal.fire({ icon: 'success', titleText: t('blockedPhones.blockedTitle'), text: t('blockedPhones.blockedText', { phone: blocked.phone }) });
    } catch (error) {
      const failure = await describeFailure(error);
      if (isSessionFailure(failure)) return;
      void Swal.fire({ icon: 'error', titleText: failure.code === 'ordering/phone-already-blocked' ? t('blockedPhones.alreadyBlocked') : t('blockedPhones.error'),
        text: failure.message,
       });
    }
  }

  function handleRemove(blocked: BlockedPhone) {
    return confirmThenRun({
      confirm: {
        title: t('blockedPhones.unblockTitle', { phone: blocked.phone }),
        text: t('blockedPhones.unblockText'),
        confirmButtonText: t('blockedPhones.unblockConfirm'),
      },
      run: () => unblockPhone.mutateAsync(blocked.phone),
      success: { title: t('blockedPhones.unblockedTitle'), text: t('blockedPhones.unblockedText', { phone: blocked.phone }) },
    });
  }

  return (
    <section className="dashboard-page" aria-labelledby="blocked-phones-title">
      <h1 id="blocked-phones-title" className="page__title">
        {t('blockedPhones.title')}
      </h1>
      <p className="page__lead">{t('blockedPhones.lead')}</p>
      {manage && (
        <form className="form admin-form" aria-label={t('blockedPhones.form')} noValidate onSubmit={(event) => void handleSubmit(event)}>
          <FormField label={t('blockedPhones.phone')} id="blocked-phone" hint={t('blockedPhones.phoneHint')} error={errors.phone}>
            {(control) => <input {...control} name="phone" type="tel" inputMode="tel" autoComplete="off" maxLength={20} required />}
          </FormField>
          <FormField label={t('blockedPhones.reason')} id="blocked-reason" hint={t('blockedPhones.reasonHint')} error={errors.reason}>
            {(control) => <input {...control} name="reason" type="text" maxLength={200} required />}
          </FormField>
          <div className="admin-form__actions">
            <button type="submit" className="button button--primary" disabled={blockPhone.isPending}>
              {t('blockedPhones.block')}
            </button>
          </div>
        </form>
      )}
      <QueryStatus status={status} loading={t('blockedPhones.loading')} failed={t('blockedPhones.failed')} />
      {status === 'success' && (
        <>
          <p className="page__lead" data-testid="blocked-phones-total">
            {t('blockedPhones.total', { count: formatNumber(data.total, lang) })}
          </p>
          {phones.length === 0 && page === 1 ? (
            <p className="notice">{t('blockedPhones.empty')}</p>
          ) : (
            <DataTable
              labelledBy="blocked-phones-title"
              caption={t('blockedPhones.caption')}
              columns={[t('blockedPhones.col.number'), t('blockedPhones.col.phone'), t('blockedPhones.col.reason'), t('blockedPhones.col.blocked'), ...(manage ? [t('blockedPhones.col.action')] : [])]}
            >
              {phones.map((blocked, index) => {
                const phoneId = `blocked-${blocked.phone.replace(/\D/g, '')}`;
                return (
                  <tr key={blocked.phone} data-testid="blocked-phone-row">
                    <td>{formatNumber((page - 1) * PAGE_SIZE + index + 1, lang)}</td>
                    <th scope="row" id={phoneId} className="data-table__nowrap">
                      {blocked.phone}
                    </th>
                    <td>{blocked.reason}</td>
                    <td>
                      {formatDateTimeFor(blocked.createdAt, lang)}
                      <br />
                      <small>{t('blockedPhones.by', { email: blocked.createdBy })}</small>
                    </td>
                    {manage && (
                      <td>
                        <button
                          type="button"
                          className="button button--danger button--small"
                          aria-describedby={phoneId}
                          disabled={unblockPhone.isPending}
                          onClick={() => void handleRemove(blocked)}
                        >
                          {t('blockedPhones.unblock')}
                        </button>
                      </td>
                    )}
                  </tr>
                );
              })}
            </DataTable>
          )}
          <Pager page={page} total={data.total} shown={phones.length} />
        </>
      )}
    </section>
  );
}
