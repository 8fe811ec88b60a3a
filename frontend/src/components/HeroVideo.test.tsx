import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { HERO_POSTER, HeroVideo } from './HeroVideo';

/** matchMedia as jsdom lacks it: `reduce` says whether the device asks for reduced motion. */
function stubMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} }));
}

/** Runs the idle callback the hero asked for (jsdom has none of its own: the hero falls back to a short timer). */
async function whenIdle() {
  await act(async () => {
    vi.advanceTimersByTime(250);
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('HeroVideo', () => {
  it('paints the poster at once and adds the sources of the video, playing, only once the page is idle', async () => {
    vi.useFakeTimers();
    stubMotion(false);
    vi.stubGlobal('requestIdleCallback', undefined);
    render(<HeroVideo />);
    const video = screen.getByTestId('hero-video') as HTMLVideoElement;
    expect(video.getAttribute('poster')).toBe(HERO_POSTER);
    expect(video.querySelectorAll('source')).toHaveLength(0);
    expect(video.autoplay).toBe(false);
    await whenIdle();
    // The same element: the poster painted first stays the page's largest paint.
    expect(screen.getByTestId('hero-video')).toBe(video);
    expect(video.autoplay && video.muted && video.loop).toBe(true);
    expect([...video.querySelectorAll('source')].map((s) => s.getAttribute('src'))).toEqual(['/media/hero.webm', '/media/hero.mp4']);
  });

  it('keeps the still poster for a traveller who asks for reduced motion', async () => {
    vi.useFakeTimers();
    stubMotion(true);
    render(<HeroVideo />);
    await whenIdle();
    const video = screen.getByTestId('hero-video') as HTMLVideoElement;
    expect(video.getAttribute('poster')).toBe(HERO_POSTER);
    expect(video.querySelectorAll('source')).toHaveLength(0);
    expect(video.autoplay).toBe(false);
  });

  it('hides the video when it fails to load, and the orange-to-blue gradient shows', async () => {
    vi.useFakeTimers();
    stubMotion(false);
    vi.stubGlobal('requestIdleCallback', undefined);
    render(<HeroVideo />);
    await whenIdle();
    fireEvent.error(screen.getByTestId('hero-video').querySelector('source[type="video/mp4"]')!);
    expect(screen.queryByTestId('hero-video')).toBeNull();
    expect(screen.getByTestId('hero-background').className).toContain('bg-gradient-to-br from-brand-500');
  });
});
