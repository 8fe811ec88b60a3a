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
});
