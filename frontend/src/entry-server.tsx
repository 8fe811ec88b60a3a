import { renderToString } from 'preact-render-to-string';
import { App } from './app/App';
import { routes } from './app/routes';
import { preloadScreens } from './app/preloadScreens';
import { renderWithAnswers } from './api/initialData';

export interface WrittenAnswer {
  url: string;
  data: unknown;
}

/**
 * The markup of the page at `url` as a visitor's first render shows it, with the page's public
 * answers (the same ones written into the page for the browser), for the gateway to put into
 * index.html's root: the page paints before its JavaScript has run, then the SPA hydrates it.
 */
export async function renderPage(url: string, answers: readonly WrittenAnswer[]): Promise<string> {
  await preloadScreens(routes, new URL(url, 'http://localhost').pathname);
  return renderWithAnswers(answers, () => renderToString(<App location={url} />));
}
