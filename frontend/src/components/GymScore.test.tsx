import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { GymScorePanel } from './GymScore';
import { renderWithApp } from '@/test/render';
import { hotelFixture } from '@/test/fixtures';

const breakdown = [
  { key: 'variety' as const, label: 'Equipment variety', points: 0.75, maxPoints: 1, reason: 'Covers 3 of 4 groups' },
  { key: 'strength' as const, label: 'Strength depth', points: 1.5, maxPoints: 1.5, reason: 'Squat rack, barbells, lifting platform and dumbbells to 50 kg' },
  { key: 'size' as const, label: 'Gym size', points: 0.75, maxPoints: 0.75, reason: '1,200 sqm: a large gym' },
  { key: 'hours' as const, label: 'Opening hours', points: 0.5, maxPoints: 0.5, reason: 'Open 24 hours' },
  { key: 'reviews' as const, label: 'Reviewers’ gym ratings', points: 1.13, maxPoints: 1.25, reason: '5.0 of 5 from 8 approved reviewers' },
];

describe('GymScorePanel', () => {
  it('"Why 4.6?" is a collapsed disclosure that opens the components with points and reasons', () => {
    renderWithApp(<GymScorePanel hotel={hotelFixture({ gymScore: 4.6, gymScoreBreakdown: breakdown })} />);
    const button = screen.getByRole('button', { name: 'Why 4.6?' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const list = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(list.hidden).toBe(true);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(list.hidden).toBe(false);
    const items = screen.getAllByTestId('gym-score-component');
    expect(items).toHaveLength(5);
    expect(items[0]!.textContent).toContain('Equipment variety0.75 of 1');
    expect(items[4]!.textContent).toContain('1.13 of 1.25');
    expect(screen.getByText('Open 24 hours')).toBeTruthy();
    fireEvent.click(button);
    expect(list.hidden).toBe(true);
  });

  it('renders nothing for answers without a score', () => {
    const { container } = renderWithApp(<GymScorePanel hotel={hotelFixture({ gymScore: undefined })} />);
    expect(container.querySelector('[data-testid="gym-score-panel"]')).toBeNull();
  });
});
