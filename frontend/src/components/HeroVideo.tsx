import { useEffect, useState } from 'react';

/** The video's first frame (5 KB): the gateway preloads it on the home page, where it is the largest paint on a phone. */
export const HERO_POSTER = '/media/hero-poster.jpg';

/**
 * Whether the hero may start its video: once the page has loaded and the main thread is idle, so the video
 * (40–160 KB, decoded frame after frame) never competes with the first paint and the page's first render;
 * never for a traveller whose device asks for reduced motion, who keeps the still poster.
 */
export function useHeroVideoAllowed(): boolean {
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    let cancelled = false;
    const allow = () => {
      if (!cancelled) setAllowed(true);
    };
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(allow, { timeout: 2_000 });
      else window.setTimeout(allow, 200);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', whenIdle);
    };
  }, []);
  return allowed;
}

/**
 * Background of the hero: one video element, painted with its poster at once (it stays the same element, so the
 * page's largest paint is the poster's), whose sources are added when the video is allowed; on a failure to
 * load, it goes and the orange-to-blue gradient shows.
 */
export function HeroVideo() {
  const [failed, setFailed] = useState(false);
  const videoAllowed = useHeroVideoAllowed();
  return (
    <div aria-hidden className="absolute inset-0 bg-gradient-to-br from-brand-500 via-brand-600 to-ocean-700" data-testid="hero-background">
      {failed ? null : (
        <video
          className="h-full w-full object-cover opacity-90"
          autoPlay={videoAllowed}
          muted
          loop
          playsInline
          preload={videoAllowed ? 'metadata' : 'none'}
          poster={HERO_POSTER}
          onError={() => setFailed(true)}
          data-testid="hero-video"
        >
          {/* A source added to a video with none starts loading it (HTML's resource selection). */}
          {videoAllowed && <source src="/media/hero.webm" type="video/webm" onError={() => undefined} />}
          {videoAllowed && <source src="/media/hero.mp4" type="video/mp4" onError={() => setFailed(true)} />}
        </video>
      )}
      <div className="absolute inset-0 bg-gradient-to-b from-slate-950/55 via-slate-950/35 to-slate-950/70" />
    </div>
  );
}
