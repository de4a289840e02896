import { Link } from 'react-router-dom';
import { DataTable } from '../../../components/data-table';
import { Pager, usePageParam } from '../../../components/pager';
import { QueryStatus } from '../../../components/query-status';
import { PAGE_SIZE } from '../../../lib/paging';
import { confirmThenRun } from '../../../lib/dialog';
import { useDeleteCoupon } from '../api/delete-coupon';
import { useCoupons, type Coupon } from '../api/get-coupons';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { formatMoney, formatNumber } from '../../../../../src/shared/locale-format';
import { formatDate } from '../../../../../src/shared/locale-dates';
import { dhakaDayStart } from '../../../../../src/shared/shop-time';
import { couponsMessages } from '../messages/coupons';
import { PAGES } from '../../../app/routes';

/** /dashboard/managecoupons (admin): every coupon, newest first, a page at a time (?page=), with Delete. */
export function ManageCouponsPage() {
  const t = useT(couponsMessages);
  const lang = useLanguage();
  const page = usePageParam();
  const { data, status } = useCoupons(page);
  const coupons = data?.items ?? [];
  const deleteCoupon = useDeleteCoupon();

  function handleDelete(coupon: Coupon) {
    return confirmThenRun({
      confirm: {
        title: t('coupons.manage.confirm'),
        text: t('coupons.manage.confirmText'),
        confirmButtonText: t('coupons.manage.confirmYes'),
        cancelButtonText: t('coupons.manage.confirmNo'),
      },
      run: () => deleteCoupon.mutateAsync(coupon._id),
      success: { title: t('coupons.manage.deleted'), text: t('coupons.manage.deletedText') },
    });
  }

  return (
    <section className="dashboard-page" aria-labelledby="coupons-title">
      <h1 id="coupons-title" className="page__title">
        {t('coupons.manage.title')}
      </h1>
      <QueryStatus status={status} loading={t('coupons.manage.loading')} failed={t('coupons.manage.loadFailed')} />
      {status === 'success' && (
        <>
          <div className="dashboard-page__bar">
            <p className="page__lead" data-testid="coupons-total">
              {t('coupons.manage.total', { count: formatNumber(data.total, lang) })}
            </p>
            <Link to={PAGES.addCoupon.link()} className="button button--primary button--small">
              {t('coupons.manage.add')}
            </Link>
          </div>
          {coupons.length === 0 && page === 1 ? (
            <p className="notice">{t('coupons.manage.empty')}</p>
          ) : (
            <DataTable labelledBy="coupons-title" caption={t('coupons.manage.caption')}
              columns={[
                '#',
                t('coupons.manage.column.code'),
                t('coupons.manage.column.discount'),
                t('coupons.manage.column.lastDay'),
                t('coupons.manage.column.minOrder'),
                t('coupons.manage.column.uses'),
                t('coupons.manage.column.action'),
              ]}
            >
              {coupons.map((coupon, index) => {
                const codeId = `coupon-${coupon._id}-code`;
                return (
                  <tr key={coupon._id} data-testid="coupon-row">
                    <td>{formatNumber((page - 1) * PAGE_SIZE + index + 1, lang)}</td>
                    <th scope="row" id={codeId} className="data-table__nowrap">
                      {coupon.code}
                    </th>
                    <td className="data-table__nowrap">{t('coupons.manage.percent', { percent: formatNumber(coupon.discountPercent, lang) })}</td>
                    <td className="data-table__nowrap" data-testid="coupon-last-day">
                      {coupon.expiresOn ? formatDate(dhakaDayStart(coupon.expiresOn), lang) : t('coupons.manage.none')}
                    </td>
                    <td className="data-table__nowrap" data-testid="coupon-min-order">
                      {coupon.minOrder ? formatMoney(coupon.minOrder, lang) : t('coupons.manage.none')}
                    </td>
                    <td className="data-table__nowrap" data-testid="coupon-uses">
                      {coupon.maxUses
                        ? t('coupons.manage.usesOf', { uses: formatNumber(coupon.uses, lang), max: formatNumber(coupon.maxUses, lang) })
                        : formatNumber(coupon.uses, lang)}
                    </td>
                    <td>
                      <button
                        type="button"
                        className="button button--danger button--small"
                        aria-describedby={codeId}
                        disabled={deleteCoupon.isPending}
                        onClick={() => void handleDelete(coupon)}
                      >
                        {t('coupons.manage.delete')}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </DataTable>
          )}
          <Pager page={page} total={data.total} shown={coupons.length} />
        </>
      )}
    </section>
  );
}
