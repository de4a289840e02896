import { Link } from 'react-router-dom';
import { DataTable } from '../../../components/data-table';
import { Pager } from '../../../components/pager';
import { QueryStatus } from '../../../components/query-status';
import { useAuth } from '../../../lib/auth/use-auth';
import { formatNumber } from '../../../../../src/shared/locale-format';
import { lowStockAt, totalStock } from '../../../../../src/shared/stock';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { useLowStock } from '../api/get-low-stock';
import { SHORT_LIST_SIZE } from '../api/get-top-products';
import { lowVariantsText } from '../figures';
import { insightsMessages } from '../messages/insights';
import { PAGES } from '../../../app/routes';

/**
 * Products with some variant at 5 or fewer (sold out included), a page at a time (?lowPage=), each
 * linking to its update page for a role that manages the catalogue (issue 36: an auditor reads it only).
 */
export function LowStock({ page }: { page: number }) {
  const t = useT(insightsMessages);
  const lang = useLanguage();
  const { data, status } = useLowStock(page);
  const editable = useAuth().can('catalogue.manage');
  const rows = data?.items ?? [];
  return (
    <section className="insight-section" aria-labelledby="low-stock-title">
      <h2 id="low-stock-title" className="insight-section__title">
        {t('insights.low.title')}
      </h2>
      <p className="insight-section__lead">{t('insights.low.lead', { count: formatNumber(lowStockAt, lang) })}</p>
      <QueryStatus status={status} loading={t('insights.low.loading')} failed={t('insights.low.failed')} />
      {status === 'success' &&
        (rows.length === 0 && page === 1 ? (
          <p className="notice">{t('insights.low.none')}</p>
        ) : (
          <>
            <DataTable labelledBy="low-stock-title" caption={t('insights.low.caption')} columns={[t('insights.low.product'), t('insights.low.low'), t('insights.low.total')]} className="data-table insight-table">
              {rows.map((product) => (
                <tr key={product._id} data-testid="low-stock-product">
                  <th scope="row" className="insight-table__name">
                    {editable ? <Link to={PAGES.updateProduct.link(product._id)}>{product.title}</Link> : product.title}
                  </th>
                  <td className="insight-table__low">{lowVariantsText(product.variants, { t, lang })}</td>
                  <td>{formatNumber(totalStock(product.variants), lang)}</td>
                </tr>
              ))}
            </DataTable>
            <Pager page={page} total={data.total} shown={rows.length} size={SHORT_LIST_SIZE} param="lowPage" label={t('insights.low.pages')} />
          </>
        ))}
    </section>
  );
}
