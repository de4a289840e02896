import { useEffect, useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import { Autoplay, Navigation } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import { useT } from '../../../lib/i18n/i18n';
import { productMessages } from '../messages/product';
import { GalleryPhoto } from './gallery-photo';

/** Spec: the product carousel's interval is 5000 ms, but it does not play on its own. */
export const PRODUCT_CAROUSEL_INTERVAL_MS = 5000;

type GalleryCarouselProps = {
  title: string;
  images: readonly string[];
  /** The photo shown (its index in `images`): a thumbnail chose it, or a swipe. */
  active: number;
  onActiveChange: (index: number) => void;
};

/**
 * The Swiper carousel of a product's photos (two or more), with previous/next buttons. Loaded after the
 * product page has shown its first photo (see ProductGallery), so Swiper is not in the page's first load.
 */
export function GalleryCarousel({ title, images, active, onActiveChange }: GalleryCarouselProps) {
  // Our own buttons (real <button>s with names) for the Navigation module; handed over once mounted.
  const t = useT(productMessages);
  const [prevEl, setPrevEl] = useState<HTMLButtonElement | null>(null);
  const [nextEl, setNextEl] = useState<HTMLButtonElement | null>(null);
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);

  // A thumbnail chose another photo: slide to it.
  useEffect(() => {
    if (swiper && !swiper.destroyed && swiper.realIndex !== active) swiper.slideToLoop(active);
  }, [swiper, active]);

  return (
    <>
      <Swiper
        className="gallery__swiper"
        modules={[Navigation, Autoplay]}
        loop
        initialSlide={active}
        onSwiper={setSwiper}
        onSlideChange={(instance) => onActiveChange(instance.realIndex)}
        autoplay={{ delay: PRODUCT_CAROUSEL_INTERVAL_MS, enabled: false }}
        navigation={{ prevEl, nextEl }}
        // Load the neighbours of the shown photo, so that a swipe never shows a blank slide.
        lazyPreloadPrevNext={1}
      >
        {images.map((image, index) => (
          <SwiperSlide key={`${index}-${image}`}>
            <GalleryPhoto title={title} images={images} index={index} />
          </SwiperSlide>
        ))}
      </Swiper>
      <button ref={setPrevEl} type="button" className="gallery__nav gallery__nav--prev">
        <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="22" height="22">
          <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span className="visually-hidden">{t('product.previousPhoto')}</span>
      </button>
      <button ref={setNextEl} type="button" className="gallery__nav gallery__nav--next">
        <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="22" height="22">
          <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span className="visually-hidden">{t('product.nextPhoto')}</span>
      </button>
    </>
  );
}
