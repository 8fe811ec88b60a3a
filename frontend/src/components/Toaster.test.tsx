import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderWithApp } from '@/test/render';
import { toast } from '@/store/toast';

describe('Toaster', () => {
  it('shows one toast at a time: a new one replaces the last', async () => {
    renderWithApp(<div />);
    act(() => toast({ title: 'Added to favorites' }));
    expect(await screen.findByText('Added to favorites')).toBeTruthy();
    act(() => toast({ title: 'Error', description: 'Failed to update favorites. Please try again.', variant: 'destructive' }));
    expect(await screen.findByText('Failed to update favorites. Please try again.')).toBeTruthy();
    expect(screen.queryByText('Added to favorites')).toBeNull();
  });

  it('shows a toast\'s action as a link to where it leads', async () => {
    renderWithApp(<div />);
    act(() => toast({ title: 'Sign in Required', description: 'Please sign in to save favorites', variant: 'destructive', action: { label: 'Sign in', href: '/login?redirect=%2Fsearch' } }));
    const link = await screen.findByRole('link', { name: 'Sign in' });
    expect(link.getAttribute('href')).toBe('/login?redirect=%2Fsearch');
  });
});
