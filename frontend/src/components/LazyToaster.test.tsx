import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { toast, toastStore } from '@/store/toast';
import { LazyToaster } from './LazyToaster';

afterEach(() => toastStore.set([]));

describe('LazyToaster', () => {
  it('loads the toaster with the first toast and shows it', async () => {
    const { container } = render(<LazyToaster />);
    expect(container.innerHTML).toBe('');
    act(() => toast({ title: 'Added to favorites' }));
    expect(await screen.findByText('Added to favorites', undefined, { timeout: 5000 })).toBeTruthy();
  });
});
