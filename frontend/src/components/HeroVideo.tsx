import { useState } from 'react';

/** Background video of the hero; on failure it is hidden and the orange-to-blue gradient shows. */
export function HeroVideo() {
  const [failed, setFailed] = useState(false);
  return (
    <div aria-hidden className="absolute inset-0 bg-gradient-to-br from-brand-500 via-brand-600 to-ocean-700" data-testid="hero-background">
      {failed ? null : (
        <video
          className="h-full w-full object-cover opacity-90"
          autoPlay
          muted
          loop
          playsInline
          preload="metadata"
          poster="/media/hero-poster.jpg"
          onError={() => setFailed(true)}
          data-testid="hero-video"
        >
          <source src="/media/hero.webm" type="video/webm" onError={() => undefined} />
          <source src="/media/hero.mp4" type="video/mp4" onError={() => setFailed(true)} />
        </video>
      )}
      <div className="absolute inset-0 bg-gradient-to-b from-slate-950/55 via-slate-950/35 to-slate-950/70" />
    </div>
  );
}
