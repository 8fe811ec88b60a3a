import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { StatCard } from './StatCard';

describe('StatCard', () => {
  it('lets a long figure break after its commas only, its text unchanged', () => {
    render(<StatCard icon={null} label="Total Hotels" value="1,000,000" testId="stat" />);
    const value = screen.getByTestId('stat-value');
    expect(value.textContent).toBe('1,000,000');
    expect(value.querySelectorAll('wbr')).toHaveLength(2);
    expect(value.innerHTML).toBe('1,<wbr>000,<wbr>000');
  });

  it('shows a figure without commas, or any other node, as given', () => {
    render(<StatCard icon={null} label="Premium Hotels" value="11" testId="premium" />);
    expect(screen.getByTestId('premium-value').innerHTML).toBe('11');
    render(<StatCard icon={null} label="Clicks" value={<span>busy</span>} testId="clicks" />);
    expect(screen.getByTestId('clicks-value').innerHTML).toBe('<span>busy</span>');
  });
});
