import { parseEquipmentParam } from '@reproute/contracts';

export interface SearchState {
  query: string;
  eq: string[];
}

/** Reads `query` (or its alias `q`) and `eq` (known labels only) from the URL. */
export function readSearchState(params: URLSearchParams): SearchState {
  const query = (params.get('query') ?? params.get('q') ?? '').trim();
  return { query, eq: parseEquipmentParam(params.get('eq')) };
}

/** /search with the trimmed, URL-encoded query and the chosen labels; a blank query is left out. */
export function searchPath(query: string, eq: readonly string[]): string {
  const parts: string[] = [];
  const trimmed = query.trim();
  if (trimmed) parts.push(`query=${encodeURIComponent(trimmed)}`);
  if (eq.length > 0) parts.push(`eq=${eq.map(encodeURIComponent).join(',')}`);
  return parts.length > 0 ? `/search?${parts.join('&')}` : '/search';
}

export function toggleLabel(selected: readonly string[], label: string): string[] {
  return selected.includes(label) ? selected.filter((l) => l !== label) : [...selected, label];
}
