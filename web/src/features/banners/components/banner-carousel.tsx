import { useEffect, useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { Autoplay } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import type { Slider } from '../api/get-sliders';
import { BannerSlide } from './banner-slide';

/** Spec: the home slider moves every 10 seconds, loops, and does not pause on hover. */
export const HOME_SLIDER_INTERVAL_MS = 10_000;

/** Slides whose image is requested: the shown one and its neighbours (the loop wraps around). */
function around(index: number, count: number): number[] {
  return [index, (index + 1) % count, (index - 1 + count) % count];
}

type BannerCarouselProps = {
  sliders: readonly Slider[];
  /** Whether autoplay runs; the Pause button (in BannerSlider) drives it. */
  playing: boolean;
};

/**
 * The Swiper carousel of two or more banners. Loaded after the page itself (see BannerSlider, which
 * shows the first banner alone until then), so Swiper is not part of the JavaScript of the first paint.
 */
export function BannerCarousel({ sliders, playing }: BannerCarouselProps) {
  const count = sliders.length;
  // The first, the second and the last (the one a backward swipe from the first brings in).
  const [loaded, setLoaded] = useState<ReadonlySet<number>>(() => new Set([0, 1, count - 1]));
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [playsAtStart] = useState(playing);

  // The Pause button drives Swiper's autoplay; the autoplay option only says how it starts.
  useEffect(() => {
    if (!swiper || swiper.destroyed || !swiper.autoplay) return;
    if (playing) swiper.autoplay.start();
    else swiper.autoplay.stop();
  }, [swiper, playing]);

  function reveal(index: number) {
    setLoaded((current) => {
      const wanted = around(index, count);
      if (wanted.every((i) => current.has(i))) return current;
      return new Set([...current, ...wanted]);
    });
  }

  return (
    <Swiper
      className="banner__swiper"
      modules={[Autoplay]}
      loop
      autoplay={{ delay: HOME_SLIDER_INTERVAL_MS, disableOnInteraction: false, pauseOnMouseEnter: false, enabled: playsAtStart }}
      onSwiper={setSwiper}
      onRealIndexChange={(instance) => reveal(instance.realIndex)}
    >
      {sliders.map((slider, index) => (
        <SwiperSlide key={slider._id}>
          <BannerSlide slider={slider} index={index} first={index === 0} load={loaded.has(index)} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
