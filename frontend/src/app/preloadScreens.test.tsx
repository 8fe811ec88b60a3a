import { Suspense, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from './lazyPage';
import { preloadScreens } from './preloadScreens';

const screen = (text: string) => {
  const load = vi.fn(async () => ({ default: () => <p>{text}</p> }));
  return { load, Page: lazyPage(load) };
};

function Guard({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

describe('screens loaded ahead of the first render', () => {
  it('loads only the screens the address shows, those inside guards too', async () => {
    const home = screen('home');
    const hotel = screen('hotel');
    const admin = screen('admin');
    const routes: RouteObject[] = [
      {
        children: [
          { path: '/', element: <home.Page /> },
          { path: '/hotels/:slug', element: <hotel.Page /> },
          { path: '/admin', element: <Guard><admin.Page /></Guard> },
        ],
      },
    ];
    await preloadScreens(routes, '/hotels/the-ritz');
    expect([home.load.mock.calls.length, hotel.load.mock.calls.length, admin.load.mock.calls.length]).toEqual([0, 1, 0]);
    await preloadScreens(routes, '/admin');
    expect(admin.load).toHaveBeenCalledTimes(1);
    // Loaded once, however often asked.
    await preloadScreens(routes, '/hotels/other');
    expect(hotel.load).toHaveBeenCalledTimes(1);
    await preloadScreens(routes, '/no/such/page');
  });

  it('renders a preloaded screen at once, where one not yet loaded shows the Suspense fallback', async () => {
    const loaded = screen('the hotel page');
    const waiting = screen('never shown here');
    await loaded.Page.preload();
    const page = (children: ReactNode) => renderToString(<Suspense fallback={<p>loading</p>}>{children}</Suspense>);
    expect(page(<loaded.Page />)).toContain('the hotel page');
    expect(page(<waiting.Page />)).toContain('loading');
  });

  it('a screen that fails to load does not fail the preload (the render then handles it)', async () => {
    const broken = lazyPage(async () => {
      throw new Error('chunk gone');
    });
    await expect(broken.preload()).resolves.toBeUndefined();
  });
});
