import { lazy, Suspense } from 'react';
import { GalleryPhoto } from './gallery-photo';

const GalleryCarousel = lazy(() => import('./gallery-carousel').then((m) => ({ default: m.GalleryCarousel })));

/**
 * The product's photos (1 to 3). The first is shown at once, alone; with more than one, the looping
 * Swiper carousel with previous/next buttons takes its place as soon as its code has loaded, with the
 * same first photo in the same place.
 */
export function ProductGallery({ title, images }: { title: string; images: readonly string[] }) {
  if (images.length === 0) {
    return (
      <div className="gallery gallery--empty">
        <span>No photo yet</span>
      </div>
    );
  }

  const first = <GalleryPhoto title={title} images={images} index={0} />;
  return (
    <div className="gallery" role="group" aria-roledescription="carousel" aria-label={`Photos of ${title}`}>
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
