import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { SearchBox } from './SearchBox';
import { renderWithApp } from '@/test/render';
import { addDays, isoDate } from '@/lib/booking';

const inDays = (n: number) => isoDate(addDays(new Date(), n));

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function describedMessage(label: string): string | null {
  const input = screen.getByLabelText(label);
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('SearchBox dates and guests', () => {
  it('sends the query with the chosen dates and guests', () => {
    const onSearch = vi.fn();
    renderWithApp(<SearchBox onSearch={onSearch} />);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: ' Paris ' } });
    fill('Check-in', inDays(3));
    fill('Check-out', inDays(7));
    fill('Guests', '3');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith('Paris', { checkIn: inDays(3), checkOut: inDays(7), adults: 3 });
  });

  it('without dates and with the default guests sends no stay', () => {
    const onSearch = vi.fn();
    renderWithApp(<SearchBox onSearch={onSearch} />);
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith('', { checkIn: null, checkOut: null, adults: null });
  });

  it('refuses a check-out before check-in with a message tied to the field, and focuses it', () => {
    const onSearch = vi.fn();
    renderWithApp(<SearchBox onSearch={onSearch} />);
    fill('Check-in', inDays(7));
    fill('Check-out', inDays(3));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).not.toHaveBeenCalled();
    const checkOut = screen.getByLabelText('Check-out');
    expect(checkOut.getAttribute('aria-invalid')).toBe('true');
    expect(describedMessage('Check-out')).toBe('Check-out must be after check-in.');
    expect(document.activeElement).toBe(checkOut);
    expect(screen.getByLabelText('Check-in').getAttribute('aria-invalid')).toBeNull();
    // Fixing the date clears the message at once.
    fill('Check-out', inDays(9));
    expect(checkOut.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Check-out must be after check-in.')).toBeNull();
  });

  it('refuses a check-in in the past and guests outside 1–16', () => {
    const onSearch = vi.fn();
    renderWithApp(<SearchBox onSearch={onSearch} />);
    fill('Check-in', inDays(-2));
    fill('Check-out', inDays(2));
    fill('Guests', '17');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).not.toHaveBeenCalled();
    expect(describedMessage('Check-in')).toBe('Check-in can’t be in the past.');
    expect(describedMessage('Guests')).toBe('Guests must be a whole number from 1 to 16.');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Check-in can’t be in the past.', 'Guests must be a whole number from 1 to 16.']);
  });

  it('shows the stay it was given', () => {
    renderWithApp(<SearchBox initialQuery="Rome" initialStay={{ checkIn: inDays(1), checkOut: inDays(2), adults: 4 }} onSearch={() => undefined} />);
    expect((screen.getByLabelText('Check-in') as HTMLInputElement).value).toBe(inDays(1));
    expect((screen.getByLabelText('Check-out') as HTMLInputElement).value).toBe(inDays(2));
    expect((screen.getByLabelText('Guests') as HTMLInputElement).value).toBe('4');
  });
});
