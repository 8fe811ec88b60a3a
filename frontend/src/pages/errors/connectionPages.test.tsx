import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import ConnectionErrorPage from './ConnectionErrorPage';
import ConnectionProblemPage from './ConnectionProblemPage';
import { OfflineBanner } from '@/components/OfflineBanner';
import { renderWithApp } from '@/test/render';

/** Ruling 16: the connection texts speak to travellers, never of a development environment. */
const noDevelopmentTalk = () => expect(document.body.textContent ?? '').not.toMatch(/development|environment|idle|tunnel/i);

const reload = vi.fn();
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  reload.mockReset();
});

/** Lets the countdown tick `seconds` times (each tick schedules the next after it renders). */
async function tick(seconds: number) {
  for (let i = 0; i < seconds; i += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
  }
}

function stubLocation() {
  vi.stubGlobal('location', { ...window.location, reload, assign: vi.fn() });
}

describe('connection texts', () => {
  it('the offline banner says RepRoute cannot be reached and what to do, and Refresh reloads', () => {
    stubLocation();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithApp(<OfflineBanner />);
    // The app's own live regions (toasts) are statuses too: the banner is the one with its text.
    const banner = screen.getAllByRole('status').find((el) => el.textContent?.includes('Connection Issue'));
    expect(banner?.textContent).toContain("Connection Issue - We can't reach RepRoute right now. Check your internet connection, then refresh.");
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(reload).toHaveBeenCalled();
    noDevelopmentTalk();
    vi.restoreAllMocks();
  });

  it('the connection-error page: its title and text, a 10-second countdown, Cancel, Refresh Now and Go to Homepage', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubLocation();
    renderWithApp(<ConnectionErrorPage />, { route: '/connection-error' });
    expect(screen.getByRole('heading', { level: 1, name: "We can't reach RepRoute right now" })).toBeTruthy();
    expect(screen.getByText(/RepRoute is temporarily unavailable\. Check your internet connection/)).toBeTruthy();
    expect(document.title).toBe("Can't reach RepRoute | RepRoute");
    expect(screen.getByText('Refreshing automatically in 10 seconds...')).toBeTruthy();
    noDevelopmentTalk();
    await tick(3);
    expect(screen.getByText('Refreshing automatically in 7 seconds...')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Automatic refresh cancelled.')).toBeTruthy();
    await tick(10);
    expect(reload).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh Now' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Go to Homepage' }).getAttribute('href')).toBe('/');
  });

  it('the connection-error page reloads by itself at 0', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubLocation();
    renderWithApp(<ConnectionErrorPage />);
    await tick(10);
    expect(reload).toHaveBeenCalled();
  });

  it('the connection problem page speaks to travellers in both its variants', () => {
    for (const [variant, title, text] of [
      ['network', 'Connection Problem', "We can't reach RepRoute right now. Check your connection and we'll keep trying."],
      ['server', 'Server Unavailable', "RepRoute isn't answering right now. This is usually brief, and we'll keep trying."],
    ] as const) {
      const { unmount } = renderWithApp(<ConnectionProblemPage variant={variant} />);
      expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
      expect(screen.getByText(text)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Go to Homepage' })).toBeTruthy();
      noDevelopmentTalk();
      unmount();
    }
  });
});
