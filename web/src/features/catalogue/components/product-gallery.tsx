import { useState, type ComponentType } from 'react';
import { afterNextPaint } from '../../../lib/after-paint';
import { useT } from '../../../lib/i18n/i18n';
import { productMessages } from '../messages/product';
import type { GalleryCarousel as Carousel } from './gallery-carousel';
import { GalleryPhoto } from './gallery-photo';

/**
 * The product's photos (1 to 3). The first is shown at once, alone; with more than one, the looping
 * Swiper carousel with previous/next buttons takes its place, with the same first photo in the same
 * place, once that photo has loaded and been painted: Swiper's code (~24 kB gzipped) is asked for only
 * then, so the page's largest picture does not wait behind it (docs/performance.md, Web).
 */
export function ProductGallery({ title, images }: { title: string; images: readonly string[] }) {
  const t = useT(productMessages);
  const [carousel, setCarousel] = useState<{ Component: ComponentType<Parameters<typeof Carousel>[0]> } | null>(null);
  const many = images.length > 1;

  if (images.length === 0) {
    return (
      <div className="gallery gallery--empty">
        <span>{t('product.noPhoto')}</span>
      </div>
    );
  }

  function loadCarousel() {
    if (!many || carousel) return;
    afterNextPaint(() => void import('./gallery-carousel').then(
      (module) => setCarousel({ Component: module.GalleryCarousel }),
      // Without it (its code failed to load), the first photo stays, alone.
      (error: unknown) => console.error('Failed to load the photo carousel', error),
    ));
  }

  return (
    <div className="gallery" role="group" aria-roledescription={t('product.carousel')} aria-label={t('product.photosOf', { title })}>
      {carousel ? (
        <carousel.Component title={title} images={images} />
      ) : (
        <GalleryPhoto title={title} images={images} index={0} onSettled={loadCarousel} />
      )}
    </div>
  );
}
