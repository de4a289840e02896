import { lazy, Suspense } from 'react';
import { useT } from '../../../lib/i18n/i18n';
import { productMessages } from '../messages/product';
import { GalleryPhoto } from './gallery-photo';

const GalleryCarousel = lazy(() => import('./gallery-carousel').then((m) => ({ default: m.GalleryCarousel })));

/**
 * The product's photos (1 to 3). The first is shown at once, alone; with more than one, the looping
 * Swiper carousel with previous/next buttons takes its place as soon as its code has loaded, with the
 * same first photo in the same place.
 */
export function ProductGallery({ title, images }: { title: string; images: readonly string[] }) {
  const t = useT(productMessages);
  if (images.length === 0) {
    return (
      <div className="gallery gallery--empty">
        <span>{t('product.noPhoto')}</span>
      </div>
    );
  }

  const first = <GalleryPhoto title={title} images={images} index={0} />;
  return (
    <div className="gallery" role="group" aria-roledescription={t('product.carousel')} aria-label={t('product.photosOf', { title })}>
      {images.length > 1 ? (
        <Suspense fallback={first}>
          <GalleryCarousel title={title} images={images} />
        </Suspense>
      ) : (
        first
      )}
    </div>
  );
}
