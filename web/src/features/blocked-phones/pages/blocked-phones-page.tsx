import { useState, type FormEvent } from 'react';
import { DataTable } from '../../../components/data-table';
import { FormField } from '../../../components/form-field';
import { Pager, usePageParam } from '../../../components/pager';
import { QueryStatus } from '../../../components/query-status';
import { confirmThenRun, loadSwal } from '../../../lib/dialog';
import { describeFailure, isSessionFailure } from '../../../lib/error-message';
import { PAGE_SIZE } from '../../../lib/paging';
import { normalizeBdMobile } from '../../../../../src/shared/phone';
import { useBlockPhone } from '../api/block-phone';
import { useBlockedPhones, type BlockedPhone } from '../api/get-blocked-phones';
import { useUnblockPhone } from '../api/unblock-phone';

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
/** "21 Nov 2025, 13:49" in the viewer's time zone; the raw text for an unreadable date. */
const formatDateTime = (iso: string) => (Number.isNaN(Date.parse(iso)) ? iso : dateTime.format(Date.parse(iso)));

type FieldErrors = { phone?: string; reason?: string };

/**
 * /dashboard/blockedphones (admin): the phone blocklist (issue 16). Orders carrying a listed number
 * are refused; the shopper is asked to call the shop. Add a number with a reason; remove one after
 * a confirmation. Newest first, a page at a time (?page=).
 */
export function BlockedPhonesPage() {
  const page = usePageParam();
  const { data, status } = useBlockedPhones(page);
  const phones = data?.items ?? [];
  const blockPhone = useBlockPhone();
  const unblockPhone = useUnblockPhone();
  const [errors, setErrors] = useState<FieldErrors>({});

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const phone = String(fields.get('phone') ?? '').trim();
    const reason = String(fields.get('reason') ?? '').trim();
    const found: FieldErrors = {};
    if (!normalizeBdMobile(phone)) found.phone = 'Enter a Bangladeshi mobile number such as 01712345678 (with or without +88)';
    if (!reason) found.reason = 'Reason is required';
    setErrors(found);
    if (found.phone || found.reason) {
      form.querySelector<HTMLElement>(found.phone ? '#blocked-phone' : '#blocked-reason')?.focus();
      return;
    }
    const Swal = await loadSwal();
    try {
      const blocked = await blockPhone.mutateAsync({ phone, reason });
      form.reset();
      void Swal.fire({ icon: 'success', titleText: 'Phone Blocked', text: `Orders with ${blocked.phone} are now refused.` });
    } catch (error) {
      const failure = await describeFailure(error);
      if (isSessionFailure(failure)) return;
      void Swal.fire({ icon: 'error', titleText: failure.code === 'ordering/phone-already-blocked' ? 'Already Blocked' : 'Error', text: failure.message });
    }
  }

  function handleRemove(blocked: BlockedPhone) {
    return confirmThenRun({
      confirm: { title: `Unblock ${blocked.phone}?`, text: 'Orders with this number will be taken again.', confirmButtonText: 'Yes, unblock it!' },
      run: () => unblockPhone.mutateAsync(blocked.phone),
      success: { title: 'Unblocked!', text: `${blocked.phone} can order again.` },
    });
  }

  return (
    <section className="dashboard-page" aria-labelledby="blocked-phones-title">
      <h1 id="blocked-phones-title" className="page__title">
        Blocked Phones
      </h1>
      <p className="page__lead">
        Orders with a blocked number are refused; the shopper is asked to call the shop. Use it for numbers behind fake or prank orders.
      </p>
      <form className="form admin-form" aria-label="Add to the blocklist" noValidate onSubmit={(event) => void handleSubmit(event)}>
        <FormField label="Phone Number" id="blocked-phone" hint="Bangladeshi mobile number, e.g. 01712345678" error={errors.phone}>
          {(control) => <input {...control} name="phone" type="tel" inputMode="tel" autoComplete="off" maxLength={20} required />}
        </FormField>
        <FormField label="Reason" id="blocked-reason" hint="Why: other admins read it here." error={errors.reason}>
          {(control) => <input {...control} name="reason" type="text" maxLength={200} required />}
        </FormField>
        <div className="admin-form__actions">
          <button type="submit" className="button button--primary" disabled={blockPhone.isPending}>
            Block Phone
          </button>
        </div>
      </form>
      <QueryStatus status={status} loading="Loading blocked phones..." failed="Failed to load blocked phones" />
      {status === 'success' && (
        <>
          <p className="page__lead" data-testid="blocked-phones-total">
            Total Blocked Phones: {data.total}
          </p>
          {phones.length === 0 && page === 1 ? (
            <p className="notice">No blocked phone numbers.</p>
          ) : (
            <DataTable labelledBy="blocked-phones-title" caption="Blocked phone numbers, newest first" columns={['#', 'Phone', 'Reason', 'Blocked', 'Action']}>
              {phones.map((blocked, index) => {
                const phoneId = `blocked-${blocked.phone.replace(/\D/g, '')}`;
                return (
                  <tr key={blocked.phone} data-testid="blocked-phone-row">
                    <td>{(page - 1) * PAGE_SIZE + index + 1}</td>
                    <th scope="row" id={phoneId} className="data-table__nowrap">
                      {blocked.phone}
                    </th>
                    <td>{blocked.reason}</td>
                    <td>
                      {formatDateTime(blocked.createdAt)}
                      <br />
                      <small>by {blocked.createdBy}</small>
                    </td>
                    <td>
                      <button
                        type="button"
                        className="button button--danger button--small"
                        aria-describedby={phoneId}
                        disabled={unblockPhone.isPending}
                        onClick={() => void handleRemove(blocked)}
                      >
                        Unblock
                      </button>
                    </td>
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
