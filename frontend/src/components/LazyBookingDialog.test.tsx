import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithApp } from '@/test/render';
import { hotelFixture } from '@/test/fixtures';
import { bookingIntent, LazyBookingDialog } from './LazyBookingDialog';

function Card() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} {...bookingIntent}>
        Check Availability
      </button>
      <LazyBookingDialog hotel={hotelFixture()} open={open} onOpenChange={setOpen} />
    </>
  );
}

describe('LazyBookingDialog', () => {
  it('renders nothing until first opened, then the booking dialog; closing keeps it mounted and closes it', async () => {
    renderWithApp(<Card />);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Check Availability' }));
    fireEvent.click(screen.getByRole('button', { name: 'Check Availability' }));
    const dialog = await screen.findByRole('dialog', undefined, { timeout: 5000 });
    expect(dialog.textContent).toContain(hotelFixture().name);
    // Closed by its own button (Escape is heard by a listener Radix adds in an effect, after the dialog shows).
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Check Availability' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});
