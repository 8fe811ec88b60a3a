import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { useLocation, useNavigate } from 'react-router-dom';
import { renderWithApp } from '@/test/render';
import { useUrlFilterText, useUrlFilters } from './useUrlFilters';

afterEach(() => vi.useRealTimers());

function Screen() {
  const { params, update } = useUrlFilters<'rq' | 'rstatus' | 'rpage'>({ pageKey: 'rpage' });
  const [text, setText] = useUrlFilterText(params.get('rq') ?? '', (typed) => update({ rq: typed || null }, { replace: true }), { delayMs: 300, inputId: 'box' });
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <input id="box" aria-label="Box" value={text} onChange={(event) => setText(event.target.value)} />
      <button onClick={() => update({ rstatus: 'approved' })}>Approved</button>
      <button onClick={() => update({ rstatus: null })}>Any status</button>
      <button onClick={() => update({ rpage: '3' })}>Page 3</button>
      <button onClick={() => navigate(-1)}>Back</button>
      <output data-testid="search">{location.search}</output>
    </>
  );
}

const search = () => screen.getByTestId('search').textContent;

describe('useUrlFilters', () => {
  it('changes only the parameters named, and a filter change starts again at the first page', () => {
    renderWithApp(<Screen />, { route: '/admin?tab=reviews&q=hotel-table&rpage=2' });
    fireEvent.click(screen.getByRole('button', { name: 'Approved' }));
    expect(search()).toBe('?tab=reviews&q=hotel-table&rstatus=approved');
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(search()).toBe('?tab=reviews&q=hotel-table&rstatus=approved&rpage=3');
    fireEvent.click(screen.getByRole('button', { name: 'Any status' }));
    expect(search()).toBe('?tab=reviews&q=hotel-table');
  });

  it('puts typed text in the URL after a pause, in place of the current history entry, and shows the URL’s text after Back', () => {
    vi.useFakeTimers();
    renderWithApp(<Screen />, { route: '/admin?tab=reviews' });
    fireEvent.click(screen.getByRole('button', { name: 'Approved' }));
    fireEvent.change(screen.getByLabelText('Box'), { target: { value: ' spa ' } });
    act(() => vi.advanceTimersByTime(299));
    expect(search()).toBe('?tab=reviews&rstatus=approved');
    act(() => vi.advanceTimersByTime(1));
    expect(search()).toBe('?tab=reviews&rstatus=approved&rq=spa');
    // Typing replaced the entry the status made, so Back goes to before the status.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(search()).toBe('?tab=reviews');
    expect((screen.getByLabelText('Box') as HTMLInputElement).value).toBe('');
  });
});
