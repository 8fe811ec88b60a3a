import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from './lazyPage';
import { preloadOnIntent } from './preloadOnIntent';

const screen = () => {
  const load = vi.fn(async () => ({ default: () => null }));
  return { load, Page: lazyPage(load) };
};

function link(href: string, attributes: Record<string, string> = {}): HTMLElement {
  const anchor = document.createElement('a');
  anchor.href = href;
  for (const [name, value] of Object.entries(attributes)) anchor.setAttribute(name, value);
  // What the pointer lands on is usually inside the link (an icon, a heading).
  const inner = document.createElement('span');
  anchor.append(inner);
  document.body.append(anchor);
  return inner;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('screens loaded on the intent to follow a link', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    document.body.replaceChildren();
  });

  it('loads the screen of an in-app link when the pointer rests on it, a finger touches it or the keyboard focuses it', async () => {
    const hotel = screen();
    const search = screen();
    const account = screen();
    const routes: RouteObject[] = [
      { path: '/hotels/:slug', element: <hotel.Page /> },
      { path: '/search', element: <search.Page /> },
      { path: '/account', element: <account.Page /> },
    ];
    stop = preloadOnIntent(routes);
    link('/hotels/the-ritz').dispatchEvent(new Event('pointerover', { bubbles: true }));
    link('/search?query=paris').dispatchEvent(new Event('touchstart', { bubbles: true }));
    const focusable = link('/account');
    focusable.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await settle();
    expect([hotel.load.mock.calls.length, search.load.mock.calls.length, account.load.mock.calls.length]).toEqual([1, 1, 1]);
  });

  it('leaves links out of the app alone, and stops listening when asked', async () => {
    const hotel = screen();
    const routes: RouteObject[] = [{ path: '/hotels/:slug', element: <hotel.Page /> }];
    stop = preloadOnIntent(routes);
    link('https://booking.example/hotels/x').dispatchEvent(new Event('pointerover', { bubbles: true }));
    link('/hotels/x', { target: '_blank' }).dispatchEvent(new Event('pointerover', { bubbles: true }));
    link('/hotels/x', { download: '' }).dispatchEvent(new Event('pointerover', { bubbles: true }));
    document.body.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await settle();
    expect(hotel.load).not.toHaveBeenCalled();
    stop();
    stop = undefined;
    link('/hotels/x').dispatchEvent(new Event('pointerover', { bubbles: true }));
    await settle();
    expect(hotel.load).not.toHaveBeenCalled();
  });

  it('asks the route table once per link while the pointer moves over it', async () => {
    const hotel = screen();
    const routes: RouteObject[] = [{ path: '/hotels/:slug', element: <hotel.Page /> }];
    const visit = vi.fn();
    // A guard around the screen whose `preload` is looked up once per walk of the route table: counts the walks.
    const Guard = ({ children }: { children: ReactNode }) => <>{children}</>;
    Object.defineProperty(Guard, 'preload', { get: () => (visit(), undefined) });
    routes[0]!.element = <Guard><hotel.Page /></Guard>;
    stop = preloadOnIntent(routes);
    const inner = link('/hotels/x');
    for (let i = 0; i < 5; i += 1) inner.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await settle();
    expect(visit).toHaveBeenCalledTimes(1);
    expect(hotel.load).toHaveBeenCalledTimes(1);
  });
});
