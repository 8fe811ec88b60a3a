import { isValidElement, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';

type Preloadable = { preload?: () => Promise<void> };

/**
 * Loads the screens the route table shows at this path (lazyPage's `preload`, also inside guards),
 * so the next render shows them at once: before hydrating a page the server wrote, and before the
 * server renders one.
 */
export async function preloadScreens(routes: RouteObject[], pathname: string): Promise<void> {
  const loads: Promise<void>[] = [];
  const visit = (node: ReactNode): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isValidElement(node)) return;
    const preload = (node.type as Preloadable).preload;
    if (typeof preload === 'function') loads.push(preload());
    visit((node.props as { children?: ReactNode }).children);
  };
  for (const match of matchRoutes(routes, pathname) ?? []) visit(match.route.element);
  await Promise.all(loads);
}
