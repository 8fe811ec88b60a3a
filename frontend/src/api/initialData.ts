import type { QueryClient } from '@tanstack/react-query';
import { apiQueryKey, type ApiKey } from './client';
import { readToken } from '@/lib/tokenStorage';

/** The script element the gateway writes a page's public answers into (gateway/src/page-head.ts). */
export const INITIAL_DATA_ID = 'rr-initial-data';

interface InitialAnswer {
  endpoint: ApiKey;
  params?: Record<string, string>;
  data: unknown;
}

const isInitialAnswer = (value: unknown): value is InitialAnswer => {
  const answer = value as Partial<InitialAnswer> | null;
  return typeof answer === 'object' && answer !== null && typeof answer.endpoint === 'string' && answer.data !== undefined && answer.data !== null;
};

/**
 * Seeds the query cache with the public answers the gateway wrote into the page (a hotel page's
 * hotel), so the first render has them without a round trip after the page's JavaScript. Only for
 * visitors: a signed-in caller's answer can hold more (an owner or an admin sees more of a hotel),
 * so signed-in callers ask as before. Returns how many answers were seeded.
 */
export function seedInitialData(queryClient: QueryClient, doc: Document = document): number {
  const element = doc.getElementById(INITIAL_DATA_ID);
  if (!element) return 0;
  element.remove();
  if (readToken()) return 0;
  let answers: unknown;
  try {
    answers = JSON.parse(element.textContent ?? '');
  } catch {
    return 0;
  }
  if (!Array.isArray(answers)) return 0;
  let seeded = 0;
  for (const answer of answers) {
    if (!isInitialAnswer(answer)) continue;
    queryClient.setQueryData(apiQueryKey(answer.endpoint, (answer.params ? { params: answer.params } : {}) as never), answer.data);
    seeded += 1;
  }
  return seeded;
}
