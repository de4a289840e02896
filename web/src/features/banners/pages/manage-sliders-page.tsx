import { Link } from 'react-router-dom';
import { QueryStatus } from '../../../components/query-status';
import { confirmThenRun } from '../../../lib/dialog';
import { responsiveImageProps } from '../../../lib/image-srcset';
import { useDeleteSlider } from '../api/delete-slider';
import { useSliders, type Slider } from '../api/get-sliders';
import { useLinkTargets } from '../api/get-link-targets';
import { localized } from '../../../lib/i18n/localized';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { formatNumber } from '../../../../../src/shared/locale-format';
import { bannersMessages } from '../messages/banners';
import { PAGES } from '../../../app/routes';

/** /dashboard/managesliders (admin): the banners as thumbnails, each with Delete. */
export function ManageSlidersPage() {
  const t = useT(bannersMessages);
  const lang = useLanguage();
  const { data: sliders, status } = useSliders();
  const deleteSlider = useDeleteSlider();
  // The names of the banners' categories and products in the page's language (the form's list).
  const { data: targets } = useLinkTargets();
  const nameOf = (list: ReadonlyArray<{ value: string; en: string; bn: string | null }> | undefined, value: string) => {
    const found = list?.find((target) => target.value === value);
    return found ? localized(lang, found.en, found.bn ?? undefined) : undefined;
  };

  function handleDelete(slider: Slider, label: string) {
    return confirmThenRun({
      confirm: {
        title: t('banners.manage.confirm'),
        text: t('banners.manage.confirmText'),
        confirmButtonText: t('banners.manage.confirmYes'),
        cancelButtonText: t('banners.manage.confirmNo'),
      },
      run: () => deleteSlider.mutateAsync(slider._id),
      success: { title: t('banners.manage.deleted'), text: t('banners.manage.deletedText', { label }) },
    });
  }

  return (
    <section className="dashboard-page" aria-labelledby="sliders-title">
      <h1 id="sliders-title" className="page__title">
        {t('banners.manage.title')}
      </h1>
      <QueryStatus status={status} loading={t('banners.manage.loading')} failed={t('banners.manage.loadFailed')} />
      {status === 'success' && (
        <>
          <p className="page__lead" data-testid="sliders-total">
            {t('banners.manage.total', { count: formatNumber(sliders.length, lang) })}
          </p>
          {sliders.length === 0 ? (
            <p className="notice">
              {t('banners.manage.empty')} <Link to={PAGES.addSlider.link()}>{t('banners.manage.addOne')}</Link>.
            </p>
          ) : (
            <ul className="slider-admin-list">
              {sliders.map((slider, index) => {
                const label = t('banners.manage.label', { number: formatNumber(index + 1, lang) });
                // Its alt text in the page's language (issue 33), else the other's, else its number.
                const alt = (lang === 'bn' ? slider.altBn || slider.altEn : slider.altEn || slider.altBn) || label;
                const link = slider.link;
                const captionId = `slider-${slider._id}-caption`;
                return (
                  <li key={slider._id} className="slider-admin-card" data-testid="slider-item">
                    <img
                      {...responsiveImageProps(slider.image, '(min-width: 600px) 360px, 100vw')}
                      alt={alt}
                      width={360}
                      height={135}
                      loading="lazy"
                      className="slider-admin-card__image"
                    />
                    <div className="slider-admin-card__footer">
                      <span id={captionId} className="slider-admin-card__caption">
                        {label}
                        {alt !== label && <span className="slider-admin-card__alt"> · {alt}</span>}
                        <span className="slider-admin-card__link" data-testid="slider-link">
                          {' · '}
                          {!link ? (
                            t('banners.manage.noLink')
                          ) : link.kind === 'category' ? (
                            <Link to={PAGES.category.link(link.target)}>
                              {t('banners.manage.linksToCategory', { category: nameOf(targets?.categories, link.target) ?? link.target })}
                            </Link>
                          ) : (
                            <Link to={PAGES.product.link(link.target)}>
                              {nameOf(targets?.products, link.target) === undefined
                                ? t('banners.manage.linksToProduct')
                                : t('banners.manage.linksToNamedProduct', { product: nameOf(targets?.products, link.target) ?? '' })}
                            </Link>
                          )}
                        </span>
                      </span>
                      <button
                        type="button"
                        className="button button--danger button--small"
                        aria-describedby={captionId}
                        disabled={deleteSlider.isPending}
                        onClick={() => void handleDelete(slider, label)}
                      >
                        {t('banners.manage.delete')}
                      </button>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
