import { useState } from 'react';
import { Autoplay, Navigation } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import { GALLERY_SIZES, responsiveImageProps } from '../../../lib/image-srcset';

/** Spec: the product carousel's interval is 5000 ms, but it does not play on its own. */
export const PRODUCT_CAROUSEL_INTERVAL_MS = 5000;

const GALLERY_IMAGE_SIZE = 960;

type ProductGalleryProps = {
  title: string;
  images: readonly string[];
};

/** The product's photos (1 to 3) in a looping carousel with previous/next buttons. */
export function ProductGallery({ title, images }: ProductGalleryProps) {
  // Our own buttons (real <button>s with names) for the Navigation module; handed over once mounted.
  const [prevEl, setPrevEl] = useState<HTMLButtonElement | null>(null);
  const [nextEl, setNextEl] = useState<HTMLButtonElement | null>(null);
  const many = images.length > 1;

  if (images.length === 0) {
    return (
      <div className="gallery gallery--empty">
        <span>No photo yet</span>
      </div>
    );
  }

  return (
    <div className="gallery" role="group" aria-roledescription="carousel" aria-label={`Photos of ${title}`}>
      <Swiper
        className="gallery__swiper"
        modules={[Navigation, Autoplay]}
        loop={many}
        autoplay={{ delay: PRODUCT_CAROUSEL_INTERVAL_MS, enabled: false }}
        navigation={many ? { prevEl, nextEl } : false}
        allowTouchMove={many}
        // Load the neighbours of the shown photo, so that a swipe never shows a blank slide.
        lazyPreloadPrevNext={1}
      >
        {images.map((image, index) => (
          <SwiperSlide key={`${index}-${image}`}>
            <img
              {...responsiveImageProps(image, GALLERY_SIZES)}
              alt={many ? `${title}, photo ${index + 1} of ${images.length}` : title}
              width={GALLERY_IMAGE_SIZE}
              height={GALLERY_IMAGE_SIZE}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : undefined}
              className="gallery__image"
            />
          </SwiperSlide>
        ))}
      </Swiper>
      {many && (
        <>
          <button ref={setPrevEl} type="button" className="gallery__nav gallery__nav--prev">
            <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="22" height="22">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <span className="visually-hidden">Previous photo</span>
          </button>
          <button ref={setNextEl} type="button" className="gallery__nav gallery__nav--next">
            <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="22" height="22">
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <span className="visually-hidden">Next photo</span>
          </button>
        </>
      )}
    </div>
  );
}
