import { BANNER_SIZES, FULL_IMAGE_WIDTH, responsiveImageProps } from '../../../lib/image-srcset';
import type { Slider } from '../api/get-sliders';
import { formatNumber } from '../../../../../src/shared/locale-format';
import { Link } from 'react-router-dom';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { localized } from '../../../lib/i18n/localized';
import { commonMessages } from '../../../lib/messages/common';
import { PAGES } from '../../../app/routes';

/** The banners' own shape (1600 x 600); the frame has the same aspect ratio, so nothing moves when one loads. */
export const BANNER_WIDTH = 1600;
export const BANNER_HEIGHT = 600;

type BannerSlideProps = {
  slider: Slider;
  index: number;
  /** The first banner: the largest thing on the home page, fetched at once and first. */
  first?: boolean;
  /** False for a slide that is not next in line yet: nothing is fetched for it. */
  load?: boolean;
};

/**
 * One banner, covering its slide like a background image (object-fit: cover), but an <img>, so that the
 * browser picks the 480, 960 or 1600 px copy that the screen needs (srcset) and the first one can be
 * fetched with high priority.
 */
export function BannerSlide({ slider, index, first = false, load = true }: BannerSlideProps) {
  const t = useT(commonMessages);
  const lang = useLanguage();
  // Its alt text in the page's language (issue 33); "Banner 2" for a banner from before alt texts.
  const label = localized(lang, slider.altEn ?? '', slider.altBn ?? undefined) || t('common.banner', { number: formatNumber(index + 1, lang) });
  if (!load) return <div className="banner__image" role="img" aria-label={label} />;
  const image = (
    <img
      {...responsiveImageProps(slider.image, BANNER_SIZES, FULL_IMAGE_WIDTH)}
      alt={label}
      width={BANNER_WIDTH}
      height={BANNER_HEIGHT}
      className="banner__image"
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : 'auto'}
      decoding={first ? 'sync' : 'async'}
      draggable={false}
    />
  );
  // A banner with a link (issue 33) leads to its category or product; the server drops a link whose target is gone.
  const link = slider.link;
  if (!link) return image;
  return (
    <Link className="banner__link" to={link.kind === 'category' ? PAGES.category.link(link.target) : PAGES.product.link(link.target)} draggable={false}>
      {image}
    </Link>
  );
}
