/**
 * The link an event happened on, when following it keeps the visitor on this site in this tab: an
 * `<a href>` to the same origin, not opened in another window and not a download. Undefined otherwise.
 */
export function siteLinkOf(target: EventTarget | null): HTMLAnchorElement | undefined {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return undefined;
  return link.origin === window.location.origin ? link : undefined;
}
