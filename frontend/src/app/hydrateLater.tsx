import { Component, Suspense, createElement, useState, type ReactElement, type ReactNode } from 'react';
import { siteLinkOf } from './siteLink';

/**
 * Hydrating a page the server wrote in pieces. `hydrateRoot` takes over the whole page in one task,
 * and on a phone that one task is most of the time the page cannot answer a tap. Content wrapped in
 * `<HydrateLater>` is taken over after what surrounds it, each wrapper in a task of its own, in page
 * order (one inside another waits for its own task after the outer one's): while the page is being
 * taken over it suspends once, and a Suspense boundary that suspends while hydrating keeps the
 * server's markup on screen as it is and hydrates it when the wait ends.
 *
 * What is kept while waiting is one DOM node, so the wrapped content must render exactly one element.
 * Outside that first hydration (pages rendered in the browser, renders after it, the server's render,
 * unit tests) it waits for nothing.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <WaitsWhileHydrating>{children}</WaitsWhileHydrating>
    </Suspense>
  );
}

let hydrating = false;
let pieces: Promise<void> = Promise.resolve();

/**
 * What `<HydrateLater>` puts inside its Suspense boundary (exported for the test that hydrates with
 * Preact itself). It waits once, and remembers that on itself: a class instance is kept while it is
 * suspended and when what surrounds it renders again meanwhile (the health answer arriving re-renders
 * the layout), whereas hooks are not kept for a component that suspends before it first commits, and
 * waiting a second time there would drop the server's markup for the Suspense fallback.
 */
export class WaitsWhileHydrating extends Component<{ children: ReactNode }> {
  private waited = false;

  override render() {
    if (hydrating && !this.waited) {
      this.waited = true;
      // A new wait queued behind the ones before: every wrapper gets a task of its own.
      throw (pieces = pieces.then(nextTask));
    }
    return this.props.children;
  }
}

/**
 * Runs `hydrate` (which must hydrate synchronously, as Preact's `hydrateRoot` does) with the
 * `<HydrateLater>` content put off; settles once the last of it has been hydrated too.
 */
export async function hydrateInPieces(hydrate: () => void): Promise<void> {
  hydrating = true;
  try {
    hydrate();
    // Until no piece is left: the task a piece is hydrated in may queue the pieces inside it.
    for (let last: Promise<void> | undefined; last !== pieces; ) {
      last = pieces;
      await last;
      // One more task: a piece renders in the task its wait ended in.
      await nextTask();
    }
  } finally {
    hydrating = false;
  }
}

/**
 * A promise that settles in a task of its own. A message is not held back as a timer is (at least
 * 4 ms once nested, a second in a background tab). Exported for the tests, which step through the pieces with it.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** What a kept element holds instead of its children: Preact leaves an element's content alone when it hydrates one with this. */
const keptContent = { __html: '' };

/**
 * An element that answers nothing but its links (no handler, no state of its own): when the SPA takes over
 * a page the server wrote, the element is kept exactly as written and nothing inside it is hydrated,
 * so a phone spends no time on it. It is kept while `until` is the value it was at that time (a
 * hotel's answer, which TanStack Query hands back as the same object while its content is the same);
 * once that changes, the content is rendered as usual from then on. Rendered any other way (a page
 * the browser renders itself, the server's render, unit tests) it renders as usual. The child must be
 * one plain element (`<section>`, not a component), as that is what is kept. Links inside a kept element
 * are plain links; given `navigate` (the router's), a click on one that stays on this site is followed
 * within the SPA, as its `<Link>` would have been.
 */
export function KeptAsWritten({
  children,
  until,
  navigate,
}: {
  children: ReactElement<Record<string, unknown>, string>;
  until?: unknown;
  navigate?: (to: string) => void;
}) {
  const [written] = useState(() => ({ kept: hydrating, until }));
  const [, renderAgain] = useState(0);
  // One way only: content rendered once is never given back to the kept form (that would empty it).
  if (written.kept && !Object.is(written.until, until)) written.kept = false;
  if (!written.kept) return children;
  return createElement(children.type, {
    ...children.props,
    children: undefined,
    dangerouslySetInnerHTML: keptContent,
    // Handlers are set while hydrating (only they are): the kept links' clicks come here.
    onClick: navigate ? (event: MouseEvent) => followLinkWithin(event, navigate) : undefined,
    // Made new rather than hydrated (content that came while the page was being taken over): nothing was written
    // to keep, so the content is rendered, before the browser paints.
    ref: (element: Element | null) => {
      if (element && !element.firstChild && written.kept) {
        written.kept = false;
        renderAgain((n) => n + 1);
      }
    },
  });
}

/** A plain click on a link to a page of this site, followed by `navigate` instead of a new document. */
function followLinkWithin(event: MouseEvent, navigate: (to: string) => void): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = siteLinkOf(event.target);
  if (!link) return;
  event.preventDefault();
  navigate(`${link.pathname}${link.search}${link.hash}`);
}
