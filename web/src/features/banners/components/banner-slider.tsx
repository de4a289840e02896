import { useEffect, useState } from 'react';
import { preload } from 'react-dom';
import type { Swiper as SwiperInstance } from 'swiper';
import { Autoplay } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import { useSliders } from '../api/get-sliders';

/** Spec: the home slider moves every 10 seconds, loops, and does not pause on hover. */
export const HOME_SLIDER_INTERVAL_MS = 10_000;

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** Slides whose image is requested: the shown one and its neighbours (the loop wraps around). */
function around(index: number, count: number): number[] {
  return [index, (index + 1) % count, (index - 1 + count) % count];
}

/**
 * The home page's banners, newest first, each a background image. Only the first image is loaded at
 * once (and preloaded, it is the largest thing on the page); the others when they are next in line.
 */
export function BannerSlider() {
  const { data: sliders, error } = useSliders();
  const [loaded, setLoaded] = useState<ReadonlySet<number>>(() => new Set([0, 1]));
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  // WCAG 2.2.2: moving content can be paused. It starts paused for people who ask for less motion.
  const [playsAtStart] = useState(() => !reducedMotion());
  const [playing, setPlaying] = useState(playsAtStart);

  useEffect(() => {
    if (error) console.error('Failed to load the banners', error);
  }, [error]);

  // The Pause button drives Swiper's autoplay; the autoplay option only says how it starts.
  useEffect(() => {
    if (!swiper || swiper.destroyed || !swiper.autoplay) return;
    if (playing) swiper.autoplay.start();
    else swiper.autoplay.stop();
  }, [swiper, playing]);

  const first = sliders?.[0]?.image;
  if (first) preload(first, { as: 'image', fetchPriority: 'high' });

  // While loading, the box keeps its place, so the products below do not jump when the banners come.
  if (!sliders) {
    return error ? null : <div className="banner container" aria-hidden="true"><div className="banner__frame banner__frame--loading" /></div>;
  }
  if (sliders.length === 0) return null;

  const count = sliders.length;
  const many = count > 1;

  function reveal(index: number) {
    setLoaded((current) => {
      const wanted = around(index, count);
      if (wanted.every((i) => current.has(i))) return current;
      return new Set([...current, ...wanted]);
    });
  }

  return (
    <section className="banner container" aria-roledescription="carousel" aria-label="Featured" data-testid="banner-slider">
      <div className="banner__frame">
        <Swiper
          className="banner__swiper"
          modules={[Autoplay]}
          loop={many}
          allowTouchMove={many}
          autoplay={
            many
              ? { delay: HOME_SLIDER_INTERVAL_MS, disableOnInteraction: false, pauseOnMouseEnter: false, enabled: playsAtStart }
              : false
          }
          onSwiper={setSwiper}
          onRealIndexChange={(instance) => reveal(instance.realIndex)}
        >
          {sliders.map((slider, index) => (
            <SwiperSlide key={slider._id}>
              <div
                className="banner__image"
                role="img"
                aria-label={`Banner ${index + 1}`}
                // The last slide too: it is the one a backward swipe from the first brings in.
                style={
                  loaded.has(index) || index === count - 1
                    ? { backgroundImage: `url(${JSON.stringify(slider.image)})` }
                    : undefined
                }
              />
            </SwiperSlide>
          ))}
        </Swiper>
        {many && (
          <button
            type="button"
            className="banner__toggle"
            aria-pressed={!playing}
            onClick={() => setPlaying((value) => !value)}
          >
            {playing ? (
              <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="18" height="18">
                <path d="M8 5v14M16 5v14" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
              </svg>
            ) : (
              <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="18" height="18">
                <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
              </svg>
            )}
            <span className="visually-hidden">Pause banners</span>
          </button>
        )}
      </div>
    </section>
  );
}
