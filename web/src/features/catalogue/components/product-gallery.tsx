import { useState, type ComponentType } from 'react';
import { formatNumber } from '../../../../../src/shared/locale-format';
import { afterNextPaint } from '../../../lib/after-paint';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { responsiveImageProps } from '../../../lib/image-srcset';
import { productMessages } from '../messages/product';
import type { GalleryCarousel as Carousel } from './gallery-carousel';
import { GalleryPhoto } from './gallery-photo';

/** The thumbnails' `sizes`: each is at most 88 px wide (catalogue.css, .gallery__thumb). */
const THUMB_SIZES = '88px';

/**
 * The product's photos (1 to 3). The first is shown at once, alone; with more than one, the looping
 * Swiper carousel with previous/next buttons takes its place, with the same first photo in the same
 * place, once that photo has loaded and been painted: Swiper's code (~24 kB gzipped) is asked for only
 * then, so the page's largest picture does not wait behind it (docs/performance.md, Web). With more
 * than one, a row of thumbnails below (buttons, pressed for the photo shown: issue 33) shows the photo
 * chosen, in the carousel or, before it has come, alone.
 */
export function ProductGallery({ title, images }: { title: string; images: readonly string[] }) {
  const t = useT(productMessages);
  const lang = useLanguage();
  const [carousel, setCarousel] = useState<{ Component: ComponentType<Parameters<typeof Carousel>[0]> } | null>(null);
  const [active, setActive] = useState(0);
  const many = images.length > 1;

  if (images.length === 0) {
    return (
      <div className="product-gallery">
        <div className="gallery gallery--empty">
          <span>{t('product.noPhoto')}</span>
        </div>
      </div>
    );
  }

  function loadCarousel() {
    if (!many || carousel) return;
    afterNextPaint(() => void import('./gallery-carousel').then(
      (module) => setCarousel({ Component: module.GalleryCarousel }),
      // Without it (its code failed to load), the photo chosen stays, alone.
      (error: unknown) => console.error('Failed to load the photo carousel', error),
    ));
  }

  const count = formatNumber(images.length, lang);
  return (
    <div className="product-gallery">
      <div className="gallery" role="group" aria-roledescription={t('product.carousel')} aria-label={t('product.photosOf', { title })}>
        {carousel ? (
          <carousel.Component title={title} images={images} active={active} onActiveChange={setActive} />
        ) : (
          <GalleryPhoto key={active} title={title} images={images} index={active} onSettled={loadCarousel} />
        )}
      </div>
      {many && (
        <ul className="gallery__thumbs" aria-label={t('product.thumbnails')} data-testid="gallery-thumbnails">
          {images.map((image, index) => (
            <li key={`${index}-${image}`}>
              <button
                type="button"
                className="gallery__thumb"
                aria-pressed={index === active}
                aria-label={t('product.showPhoto', { index: formatNumber(index + 1, lang), count })}
                onClick={() => setActive(index)}
              >
                <img {...responsiveImageProps(image, THUMB_SIZES)} alt="" width={88} height={88} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
