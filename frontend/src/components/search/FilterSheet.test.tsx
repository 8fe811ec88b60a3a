import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { FilterSheet, showHotelsLabel } from './FilterSheet';
import { renderWithApp } from '@/test/render';
import { defaultFilters } from '@/lib/searchParams';

/** The catalog's answer to the sheet's count request: the total depends on the pending filters. */
function answerFor(url: string) {
  const params = new URL(url, 'http://localhost').searchParams;
  const total = params.get('minRating') === '4.5' ? 3 : params.get('open24h') === 'true' ? 1 : 12;
  return {
    items: [], total, page: 1, pageSize: 1, facets: {}, equipment: [], query: params.get('query') ?? '', sort: 'rating',
    filterFacets: { gymAccessType: { 'on-site': 9, partnered: 2, nearby: 1 }, minRating: { '3': 12, '4': 8, '4.5': 3 }, open24h: 1, gymSize: { small: 2, medium: 6, large: 4 }, minDumbbellKg: { '30': 5, '40': 4, '50': 2 }, priceRange: { min: 150, max: 900 } },
  };
}

describe('FilterSheet', () => {
  it('says "Show 1 hotel" and "Show N hotels"', () => {
    expect(showHotelsLabel(1)).toBe('Show 1 hotel');
    expect(showHotelsLabel(0)).toBe('Show 0 hotels');
    expect(showHotelsLabel(12)).toBe('Show 12 hotels');
  });

  it('changes nothing until Show N hotels, which applies the pending choice with the count from the API', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation((input) => Promise.resolve(new Response(JSON.stringify(answerFor(String(input))), { status: 200 })));
    const onApply = vi.fn();
    renderWithApp(<FilterSheet query="London" filters={defaultFilters} eq={[]} onApply={onApply} />);
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    expect(await screen.findByRole('button', { name: 'Show 12 hotels' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /4\.5\+ stars/ }));
    expect(await screen.findByRole('button', { name: 'Show 3 hotels' })).toBeTruthy();
    expect(onApply).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('query=London') && String(url).includes('minRating=4.5') && String(url).includes('pageSize=1'))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Show 3 hotels' }));
    expect(onApply).toHaveBeenCalledWith({ ...defaultFilters, minRating: 4.5 }, []);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closing without applying drops the pending choice', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => Promise.resolve(new Response(JSON.stringify(answerFor(String(input))), { status: 200 })));
    const onApply = vi.fn();
    renderWithApp(<FilterSheet query="" filters={defaultFilters} eq={[]} onApply={onApply} />);
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: /Open 24 hours/ }));
    expect(await screen.findByRole('button', { name: 'Show 1 hotel' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close filters' }));
    expect(onApply).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    expect((await screen.findByRole('checkbox', { name: /Open 24 hours/ }) as HTMLInputElement).checked).toBe(false);
  });
});
