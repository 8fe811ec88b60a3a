import { INITIAL_DATA_ID } from '@reproute/contracts';
import { readToken } from '@/lib/tokenStorage';

/** How long after the page loaded a written answer may still stand in for a request. */
const INITIAL_DATA_MAX_AGE_MS = 30_000;

/** Answers read from the page, by the exact URL they answer, each used once. */
const written = new Map<string, unknown>();

const isWrittenAnswer = (value: unknown): value is { url: string; data: unknown } => {
  const answer = value as { url?: unknown; data?: unknown } | null;
  return typeof answer === 'object' && answer !== null && typeof answer.url === 'string' && answer.data !== undefined && answer.data !== null;
};

/** The answers a server render of the page is given (entry-server.tsx), while it renders. */
let rendering: Map<string, unknown> | undefined;

/**
 * Runs a server render of a page (synchronous) with its public answers: the render's reads of
 * those URLs start with them, as the browser's first render does with the answers written into
 * the page, so the two renders show the same page.
 */
export function renderWithAnswers<T>(answers: readonly { url: string; data: unknown }[], render: () => T): T {
  rendering = new Map(answers.map((answer) => [answer.url, answer.data]));
  try {
    return render();
  } finally {
    rendering = undefined;
  }
}

/** Moves the page's written answers into `written` (once: the element goes). Signed-in callers get none. */
function readWrittenAnswers(doc: Document): void {
  const element = doc.getElementById(INITIAL_DATA_ID);
  if (!element) return;
  element.remove();
  if (readToken()) return;
  let answers: unknown;
  try {
    answers = JSON.parse(element.textContent ?? '');
  } catch {
    return;
  }
  if (!Array.isArray(answers)) return;
  for (const answer of answers) if (isWrittenAnswer(answer)) written.set(answer.url, answer.data);
}

/**
 * The public answer the gateway wrote into the page for this GET (a hotel page's hotel, a search
 * page's first results), so the first render does not wait for a round trip after the page's
 * JavaScript; undefined when there is none. Each answer is used once, within half a minute of the
 * page loading, and only by visitors: a signed-in caller's answer can hold more (an owner or an
 * admin sees more of a hotel), so signed-in callers ask as before.
 */
export function takeWrittenAnswer(url: string, doc: Document | undefined = typeof document === 'undefined' ? undefined : document): unknown {
  if (rendering) return rendering.get(url);
  if (!doc) return undefined;
  readWrittenAnswers(doc);
  if (!written.has(url)) return undefined;
  const data = written.get(url);
  written.delete(url);
  if (performance.now() > INITIAL_DATA_MAX_AGE_MS || readToken()) return undefined;
  return data;
}
