import { lazy, Suspense, useEffect, useState } from 'react';
import { useSliders } from '../api/get-sliders';
import { BannerSlide } from './banner-slide';
import { useT } from '../../../lib/i18n/i18n';
import { commonMessages } from '../../../lib/messages/common';

const BannerCarousel = lazy(() => import('./banner-carousel').then((m) => ({ default: m.BannerCarousel })));

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** Calls `run` once the page has loaded and the browser is idle: the carousel is not first-paint work. */
function afterLoad(run: () => void): () => void {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if ('requestIdleCallback' in window) idle = window.requestIdleCallback(run, { timeout: 2000 });
    else timer = setTimeout(run, 200);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * The home page's banners, newest first. The first banner is shown at once, alone, as the page's
 * largest image; the Swiper carousel (its code and the other banners) takes over once the page has
 * loaded, with the same first slide in the same place, so nothing on the page moves.
 */
export function BannerSlider() {
  const t = useT(commonMessages);
  const { data: sliders, error } = useSliders();
  const [carouselWanted, setCarouselWanted] = useState(false);
  // WCAG 2.2.2: moving content can be paused. It starts paused for people who ask for less motion.
  const [playing, setPlaying] = useState(() => !reducedMotion());
  const many = (sliders?.length ?? 0) > 1;

  useEffect(() => {
    if (error) console.error('Failed to load the banners', error);
  }, [error]);

  useEffect(() => {
    if (!many || carouselWanted) return;
    return afterLoad(() => setCarouselWanted(true));
  }, [many, carouselWanted]);

  // While loading, the box keeps its place, so the products below do not jump when the banners come.
  if (!sliders) {
    return error ? null : (
      <div className="banner container" aria-hidden="true">
        <div className="banner__frame banner__frame--loading" />
      </div>
    );
  }
  const [first] = sliders;
  if (!first) return null;

  const firstSlide = <BannerSlide slider={first} index={0} first />;

  return (
    <section className="banner container" aria-roledescription="carousel" aria-label={t('common.featured')} data-testid="banner-slider">
      <div className="banner__frame">
        {many && carouselWanted ? (
          <Suspense fallback={firstSlide}>
            <BannerCarousel sliders={sliders} playing={playing} />
          </Suspense>
        ) : (
          firstSlide
        )}
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
            <span className="visually-hidden">{t('common.pauseBanners')}</span>
          </button>
        )}
      </div>
    </section>
  );
}
