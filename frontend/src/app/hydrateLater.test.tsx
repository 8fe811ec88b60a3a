import { describe, expect, it, vi } from 'vitest';
import { h, hydrate, render, type ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { Suspense } from 'preact/compat';
import { renderToString } from 'preact-render-to-string';
import { HydrateLater, KeptAsWritten, WaitsWhileHydrating, hydrateInPieces, nextTask } from './hydrateLater';

// The production build runs on Preact (vite.config.ts), so the pieces are hydrated here with Preact itself,
// and the module's React imports are Preact's too.
vi.mock('react', () => import('preact/compat'));
vi.mock('react/jsx-runtime', () => import('preact/jsx-runtime'));
vi.mock('react/jsx-dev-runtime', () => import('preact/jsx-dev-runtime'));
const later = (children: ComponentChildren) => h(Suspense, { fallback: null }, h(WaitsWhileHydrating as never, null, children));

function page(clicks: string[]) {
  return h(
    'main',
    null,
    h('button', { id: 'top', onClick: () => clicks.push('top') }, 'Search'),
    later(h('section', { id: 'below' }, h('button', { id: 'heart', onClick: () => clicks.push('heart') }, 'Save'))),
    later(h('footer', { id: 'footer' }, h('button', { id: 'privacy', onClick: () => clicks.push('privacy') }, 'Privacy'))),
  );
}

describe('hydrating a page the server wrote in pieces', () => {
  it('takes over the rest at once and each <HydrateLater> part in a later task, keeping the server markup throughout', async () => {
    const clicks: string[] = [];
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(page(clicks));
    const serverHtml = container.innerHTML;
    const written = ['top', 'below', 'heart', 'footer', 'privacy'].map((id) => container.querySelector(`#${id}`));
    expect(written.every(Boolean)).toBe(true);

    const done = hydrateInPieces(() => hydrate(page(clicks), container));
    // The part outside answers at once; the put-off parts are the server's markup, still without handlers.
    (container.querySelector('#top') as HTMLButtonElement).click();
    (container.querySelector('#heart') as HTMLButtonElement).click();
    (container.querySelector('#privacy') as HTMLButtonElement).click();
    expect(clicks).toEqual(['top']);
    expect(container.innerHTML).toBe(serverHtml);

    await done;
    (container.querySelector('#heart') as HTMLButtonElement).click();
    (container.querySelector('#privacy') as HTMLButtonElement).click();
    expect(clicks).toEqual(['top', 'heart', 'privacy']);
    // Hydrated, not written again: the very nodes the server's HTML made, and the same markup.
    expect(['top', 'below', 'heart', 'footer', 'privacy'].map((id) => container.querySelector(`#${id}`))).toEqual(written);
    expect(container.innerHTML).toBe(serverHtml);
    container.remove();
  });

  it('the parts are hydrated in tasks of their own, in page order', async () => {
    // A count of tasks: a message loop that adds one per task until the hydration is done.
    let task = 0;
    let counting = true;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      task += 1;
      if (counting) channel.port2.postMessage(null);
    };
    const seen: { name: string; task: number }[] = [];
    const Seen = ({ name }: { name: string }) => {
      seen.push({ name, task });
      return h('p', null, name);
    };
    // The third part holds a fourth: it waits for a task of its own after the third's.
    const tree = () =>
      h(
        'div',
        null,
        h(Seen as never, { name: 'first view' }),
        later(h(Seen as never, { name: 'second' })),
        later(h('section', null, h(Seen as never, { name: 'third' }), later(h(Seen as never, { name: 'fourth, inside the third' })))),
      );
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree());
    seen.length = 0;
    channel.port2.postMessage(null);
    await hydrateInPieces(() => hydrate(tree(), container));
    counting = false;
    channel.port1.close();
    expect(seen.map((s) => s.name)).toEqual(['first view', 'second', 'third', 'fourth, inside the third']);
    const [first, second, third, fourth] = seen.map((s) => s.task);
    expect(second).toBeGreaterThan(first!);
    expect(third).toBeGreaterThan(second!);
    expect(fourth).toBeGreaterThan(third!);
    expect(container.innerHTML).toBe(renderToString(tree()));
  });

  it('what surrounds a waiting part may render again meanwhile: the part keeps the server markup and is hydrated once', async () => {
    let setCount!: (n: number) => void;
    const clicks: string[] = [];
    const Layout = () => {
      const [count, set] = useState(0);
      setCount = set;
      return h(
        'div',
        null,
        later(h('header', { id: 'header' }, h('button', { id: 'menu', onClick: () => clicks.push('menu') }, 'Menu'))),
        h('p', { id: 'count' }, String(count)),
        later(h('footer', null, 'Footer')),
        later(h('aside', null, 'More')),
      );
    };
    const container = document.createElement('div');
    container.innerHTML = renderToString(h(Layout as never, null));
    const header = container.querySelector('#header');
    const removed: string[] = [];
    const watch = new MutationObserver((records) => records.forEach((r) => r.removedNodes.forEach((n) => removed.push(n.nodeName))));
    watch.observe(container, { childList: true, subtree: true });
    let finished = false;
    const done = hydrateInPieces(() => hydrate(h(Layout as never, null), container)).then(() => (finished = true));
    // The layout renders again (an answer arrived) in every task until the last part is in: while the
    // header waits, and after it has been hydrated while later parts still wait.
    let renders = 0;
    while (!finished) {
      setCount((renders += 1));
      await nextTask();
    }
    await done;
    await new Promise((resolve) => setTimeout(resolve, 0));
    watch.disconnect();
    expect(renders).toBeGreaterThan(2);
    expect(container.querySelector('#count')!.textContent).toBe(String(renders));
    expect(container.querySelector('#header')).toBe(header);
    expect(removed).not.toContain('HEADER');
    (container.querySelector('#menu') as HTMLButtonElement).click();
    expect(clicks).toEqual(['menu']);
  });

  it('outside a first hydration it renders its content straight away', () => {
    const container = document.createElement('div');
    render(h(HydrateLater as never, null, h('p', null, 'Below the first view')), container);
    expect(container.textContent).toBe('Below the first view');
  });
});

describe('content kept as the server wrote it', () => {
  function page(renders: string[], count: number) {
    const Quote = ({ text }: { text: string }) => {
      renders.push(text);
      return h('blockquote', null, h('svg', { 'aria-hidden': true }, h('path', { d: 'M0 0h4' })), text);
    };
    return h(
      'main',
      null,
      h('p', { id: 'count' }, String(count)),
      h(KeptAsWritten as never, null, h('section', { id: 'kept', className: 'testimonials' }, h(Quote as never, { text: 'Racks!' }), h(Quote as never, { text: 'Plates!' }))),
    );
  }

  it('takes the page over without hydrating anything inside, keeps the very nodes, and keeps them when the page renders again', async () => {
    const renders: string[] = [];
    const container = document.createElement('div');
    container.innerHTML = renderToString(page(renders, 0));
    const serverHtml = container.innerHTML;
    const quotes = [...container.querySelectorAll('blockquote')];
    expect(quotes).toHaveLength(2);
    renders.length = 0;

    let rerender!: (n: number) => void;
    const Page = () => {
      const [count, set] = useState(0);
      rerender = set;
      return page(renders, count);
    };
    await hydrateInPieces(() => hydrate(h(Page as never, null), container));
    expect(renders).toEqual([]);
    expect(container.innerHTML).toBe(serverHtml);
    expect([...container.querySelectorAll('blockquote')]).toEqual(quotes);

    rerender(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container.querySelector('#count')!.textContent).toBe('1');
    expect(renders).toEqual([]);
    expect([...container.querySelectorAll('blockquote')]).toEqual(quotes);
    expect(container.querySelector('#kept')!.className).toBe('testimonials');
  });

  it('outside a first hydration it renders its content', () => {
    const renders: string[] = [];
    const container = document.createElement('div');
    render(page(renders, 0), container);
    expect(renders).toEqual(['Racks!', 'Plates!']);
    expect(container.querySelector('#kept')!.textContent).toBe('Racks!Plates!');
  });

  it('renders the content anew once `until` changes, and from then on', async () => {
    const renders: string[] = [];
    const Line = ({ text }: { text: string }) => {
      renders.push(text);
      return h('span', null, text);
    };
    let show!: (hotel: { name: string }) => void;
    const Card = ({ first }: { first: { name: string } }) => {
      const [hotel, set] = useState(first);
      show = set;
      return h('article', null, h(KeptAsWritten as never, { until: hotel }, h('p', { id: 'line' }, h(Line as never, { text: hotel.name }))));
    };
    const first = { name: 'Iron Inn' };
    const container = document.createElement('div');
    container.innerHTML = renderToString(h(Card as never, { first }));
    renders.length = 0;
    await hydrateInPieces(() => hydrate(h(Card as never, { first }), container));
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    show(first);
    await settle();
    expect(renders).toEqual([]);
    const second = { name: 'Plate Palace' };
    show(second);
    await settle();
    expect(container.querySelector('#line')!.textContent).toBe('Plate Palace');
    show(first);
    await settle();
    expect(container.querySelector('#line')!.textContent).toBe('Iron Inn');
    expect(renders).toEqual(['Plate Palace', 'Iron Inn']);
  });

  it('content that comes while the page is being taken over is rendered, not kept empty', async () => {
    let add!: (names: string[]) => void;
    const List = () => {
      const [names, set] = useState(['Iron Inn']);
      add = set;
      return h(
        'div',
        null,
        h('ul', null, ...names.map((name) => h(KeptAsWritten as never, { key: name }, h('li', null, h('b', null, name))))),
        later(h('footer', null, 'Footer')),
      );
    };
    const container = document.createElement('div');
    container.innerHTML = renderToString(h(List as never, null));
    const done = hydrateInPieces(() => hydrate(h(List as never, null), container));
    // The footer still waits for its task: the page is being taken over when the new hotel comes.
    add(['Iron Inn', 'Plate Palace']);
    await done;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([...container.querySelectorAll('li')].map((li) => li.innerHTML)).toEqual(['<b>Iron Inn</b>', '<b>Plate Palace</b>']);
  });

  it("a kept element's links to this site are followed by the router's navigate; other clicks are the browser's", async () => {
    const footer = (navigate?: (to: string) => void) =>
      h(
        KeptAsWritten as never,
        { navigate },
        h(
          'footer',
          null,
          h('a', { id: 'privacy', href: '/privacy-policy?from=footer#top' }, h('span', null, 'Privacy')),
          h('a', { id: 'away', href: 'https://example.com/' }, h('span', null, 'Elsewhere')),
          h('a', { id: 'tab', href: '/help-center', target: '_blank' }, h('span', null, 'Help')),
        ),
      );
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(footer());
    const followed: string[] = [];
    await hydrateInPieces(() => hydrate(footer((to) => followed.push(to)), container));
    // Whether the footer took the click; then it is taken here in any case, as jsdom cannot load another document.
    let taken = false;
    container.addEventListener('click', (event) => {
      taken = event.defaultPrevented;
      event.preventDefault();
    });
    const click = (id: string, init: MouseEventInit = {}) => {
      container.querySelector(`#${id} span`)!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
      return taken;
    };
    expect(click('privacy')).toBe(true);
    expect(followed).toEqual(['/privacy-policy?from=footer#top']);
    expect(click('privacy', { ctrlKey: true })).toBe(false);
    expect(click('away')).toBe(false);
    expect(click('tab')).toBe(false);
    expect(followed).toHaveLength(1);
    container.remove();
  });
});
