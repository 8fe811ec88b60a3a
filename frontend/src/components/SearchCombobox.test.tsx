import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { SearchSuggestionsAnswer } from '@reproute/contracts';
import { SearchBox } from './SearchBox';
import { renderWithApp } from '@/test/render';

const london = { kind: 'city', label: 'London', detail: 'United Kingdom', hotelCount: 5, query: 'London', equipment: null, slug: null } as const;
const longIsland = { kind: 'city', label: 'Long Beach', detail: 'United States', hotelCount: 2, query: 'Long Beach', equipment: null, slug: null } as const;
const ned = { kind: 'hotel', label: 'The London Ned', detail: 'London, United Kingdom', hotelCount: null, query: null, equipment: null, slug: 'the-london-ned' } as const;
const sauna = { kind: 'equipment', label: 'sauna', detail: null, hotelCount: null, query: null, equipment: 'sauna', slug: null } as const;

/** The server's suggestions for each text asked for; every other call answers nothing. */
function serveSuggestions(byText: Record<string, SearchSuggestionsAnswer>) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://app.test');
      if (url.pathname === '/api/search/suggestions') {
        const q = url.searchParams.get('q') ?? '';
        asked.push(q);
        const answer = byText[q] ?? { query: q, items: [], didYouMean: null };
        return Promise.resolve(new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } }));
      }
      return Promise.resolve(new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }));
    }),
  );
  return asked;
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderBox(onSearch = vi.fn()) {
  renderWithApp(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <SearchBox onSearch={onSearch} />
            <Where />
          </>
        }
      />
    </Routes>,
  );
  return { onSearch, input: screen.getByRole('combobox', { name: 'Search by city, hotel name or country' }) as HTMLInputElement };
}

const type = (input: HTMLInputElement, value: string) => {
  input.focus();
  fireEvent.change(input, { target: { value } });
};
const key = (input: HTMLInputElement, name: string) => fireEvent.keyDown(input, { key: name });
const activeOption = (input: HTMLInputElement) => {
  const id = input.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('search suggestions (combobox)', () => {
  it('is a combobox tied to its list, closed until there is something to suggest', async () => {
    serveSuggestions({ lon: { query: 'lon', items: [london, longIsland, ned], didYouMean: null } });
    const { input } = renderBox();
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    const list = document.getElementById(input.getAttribute('aria-controls')!);
    expect(list?.getAttribute('role')).toBe('listbox');
    type(input, 'lon');
    const options = await screen.findAllByRole('option');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(options.map((o) => o.textContent)).toEqual(['London, United KingdomCity · 5 hotels', 'Long Beach, United StatesCity · 2 hotels', 'The London Ned, London, United KingdomHotel']);
    expect(screen.getByRole('listbox', { name: 'Search suggestions' })).toBeTruthy();
    // No option is in focus until the traveller moves to one; the count is announced.
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    expect(screen.getByTestId('suggestions-status').textContent).toBe('3 suggestions, use the up and down arrows to choose, Enter to go.');
  });

  it('moves with Down and Up (wrapping), keeps focus in the text, and Enter chooses the place', async () => {
    serveSuggestions({ lon: { query: 'lon', items: [london, longIsland, ned], didYouMean: null } });
    const { input, onSearch } = renderBox();
    type(input, 'lon');
    await screen.findAllByRole('option');
    key(input, 'ArrowDown');
    expect(activeOption(input)?.textContent).toContain('London, United Kingdom');
    expect(activeOption(input)?.getAttribute('aria-selected')).toBe('true');
    key(input, 'ArrowDown');
    expect(activeOption(input)?.textContent).toContain('Long Beach');
    expect(screen.getAllByRole('option').filter((o) => o.getAttribute('aria-selected') === 'true')).toHaveLength(1);
    key(input, 'ArrowUp');
    key(input, 'ArrowUp');
    expect(activeOption(input)?.textContent).toContain('The London Ned');
    key(input, 'ArrowDown');
    expect(activeOption(input)?.textContent).toContain('London, United Kingdom');
    expect(document.activeElement).toBe(input);
    key(input, 'Enter');
    expect(onSearch).toHaveBeenCalledWith('London', { checkIn: null, checkOut: null, adults: null });
    expect(input.value).toBe('London');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('the option in focus stays in focus when the answer for a later keystroke arrives', async () => {
    serveSuggestions({ lon: { query: 'lon', items: [london, ned], didYouMean: null }, lond: { query: 'lond', items: [ned, london], didYouMean: null } });
    const { input } = renderBox();
    type(input, 'lon');
    await screen.findByRole('option', { name: /London, United Kingdom/ });
    type(input, 'lond');
    key(input, 'ArrowDown');
    key(input, 'ArrowDown');
    expect(activeOption(input)?.textContent).toContain('The London Ned');
    await waitFor(() => expect(screen.getAllByRole('option')[0]?.textContent).toContain('The London Ned'));
    expect(activeOption(input)?.textContent).toContain('The London Ned');
    expect(activeOption(input)).toBe(screen.getAllByRole('option')[0]);
  });

  it('Enter with no option in focus searches the text as typed', async () => {
    serveSuggestions({ lon: { query: 'lon', items: [london], didYouMean: null } });
    const { input, onSearch } = renderBox();
    type(input, 'lon');
    await screen.findAllByRole('option');
    // Enter in the text box submits its form.
    fireEvent.submit(input.closest('form')!);
    expect(onSearch).toHaveBeenCalledWith('lon', { checkIn: null, checkOut: null, adults: null });
  });

  it('Escape closes the list and leaves the text; Down opens it again', async () => {
    serveSuggestions({ lon: { query: 'lon', items: [london, ned], didYouMean: null } });
    const { input, onSearch } = renderBox();
    type(input, 'lon');
    await screen.findAllByRole('option');
    key(input, 'ArrowDown');
    key(input, 'Escape');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(input.value).toBe('lon');
    expect(onSearch).not.toHaveBeenCalled();
    key(input, 'ArrowDown');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(activeOption(input)?.textContent).toContain('London, United Kingdom');
  });

  it('a hotel opens its page, equipment searches hotels that have it', async () => {
    serveSuggestions({ ned: { query: 'ned', items: [ned], didYouMean: null }, sau: { query: 'sau', items: [sauna], didYouMean: null } });
    const { input, onSearch } = renderBox();
    type(input, 'ned');
    await screen.findByRole('option', { name: /The London Ned/ });
    key(input, 'ArrowDown');
    key(input, 'Enter');
    expect(screen.getByTestId('where').textContent).toBe('/hotels/the-london-ned');
    type(input, 'sau');
    fireEvent.click(await screen.findByRole('option', { name: /Sauna/ }));
    expect(screen.getByTestId('where').textContent).toBe('/search?eq=sauna');
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('says which spelling the suggestions are for when the text matched nothing', async () => {
    serveSuggestions({ londn: { query: 'londn', items: [london], didYouMean: 'London' } });
    const { input } = renderBox();
    type(input, 'londn');
    await screen.findByRole('option', { name: /London/ });
    expect(screen.getByText('Suggestions for London')).toBeTruthy();
    expect(screen.getByTestId('suggestions-status').textContent).toBe('Nothing starts with “londn”. Suggestions for London: 1 suggestion, use the up and down arrows to choose, Enter to go.');
  });

  it('asks once per pause in typing, only up to the endpoint limit, and never for blank text', async () => {
    const asked = serveSuggestions({});
    const { input } = renderBox();
    type(input, '   ');
    type(input, 'l');
    type(input, 'lo');
    type(input, 'lon');
    await waitFor(() => expect(asked).toEqual(['lon']));
    type(input, `${'a'.repeat(150)}`);
    await waitFor(() => expect(asked).toEqual(['lon', 'a'.repeat(100)]));
    expect(input.maxLength).toBe(200);
  });
});
