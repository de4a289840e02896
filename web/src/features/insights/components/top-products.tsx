import { Link } from 'react-router-dom';
import { DataTable } from '../../../components/data-table';
import { Pager } from '../../../components/pager';
import { QueryStatus } from '../../../components/query-status';
import { formatNumber } from '../../../../../src/shared/locale-format';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { SHORT_LIST_SIZE, useTopProducts } from '../api/get-top-products';
import { formatDay, formatTaka } from '../figures';
import { insightsMessages } from '../messages/insights';
import { PAGES } from '../../../app/routes';

/** The products of the range's Pending and Confirmed orders, most units first, a page at a time (?topPage=). */
export function TopProducts({ from, to, page }: { from: string; to: string; page: number }) {
  const t = useT(insightsMessages);
  const lang = useLanguage();
  const { data, status } = useTopProducts({ from, to }, page);
  const rows = data?.items ?? [];
  return (
    <section className="insight-section" aria-labelledby="top-products-title">
      <h2 id="top-products-title" className="insight-section__title">
        {t('insights.top.title')}
      </h2>
      <p className="insight-section__lead">
        {t('insights.top.lead', { from: formatDay(from, lang), to: formatDay(to, lang) })}
      </p>
      <QueryStatus status={status} loading={t('insights.top.loading')} failed={t('insights.top.failed')} />
      {status === 'success' &&
        (rows.length === 0 && page === 1 ? (
          <p className="notice">{t('insights.top.none')}</p>
        ) : (
          <>
            <DataTable
              labelledBy="top-products-title"
              caption={t('insights.top.caption')}
              columns={[t('insights.top.product'), t('insights.top.units'), t('insights.top.orders'), t('insights.top.revenue')]}
              className="data-table insight-table"
            >
              {rows.map((product) => (
                <tr key={product.productId} data-testid="top-product">
                  <th scope="row" className="insight-table__name">
                    <Link to={PAGES.product.link(product.productId)}>{product.title}</Link>
                  </th>
                  <td>{formatNumber(product.quantity, lang)}</td>
                  <td>{formatNumber(product.orders, lang)}</td>
                  <td className="data-table__nowrap">{formatTaka(product.revenue, lang)}</td>
                </tr>
              ))}
            </DataTable>
            <Pager page={page} total={data.total} shown={rows.length} size={SHORT_LIST_SIZE} param="topPage" label={t('insights.top.pages')} />
          </>
        ))}
    </section>
  );
}
