import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { suggestionQueryMaxLength } from '@reproute/contracts';
import { apiQuery } from './client';

/** The text the suggestions are asked for: trimmed, at most the endpoint's limit (a longer text is still searched as typed). */
export function suggestionText(typed: string): string {
  return typed.trim().slice(0, suggestionQueryMaxLength).trim();
}

/** Suggestions for what is typed in a search box (GET /api/search/suggestions); none asked for an empty text. */
export function useSearchSuggestions(typed: string) {
  const q = suggestionText(typed);
  return useQuery({
    ...apiQuery('GET /api/search/suggestions', { query: { q } }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
