import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { AdminAuditAnswer, ReviewAuditAnswer } from '@reproute/contracts';
import { AuditLog } from './AuditLog';
import { renderWithApp } from '@/test/render';

afterEach(() => vi.unstubAllGlobals());

const entry = (id: number, overrides: Partial<AdminAuditAnswer['items'][number]> = {}) => ({
  id,
  actorId: '00000000-0000-4000-8000-000000000001',
  actorEmail: 'admin@reproute.example',
  action: 'edited' as const,
  hotelId: 7,
  hotelName: `Harbour Lift ${id}`,
  detail: null,
  createdAt: '2026-11-20T10:00:00Z',
  ...overrides,
});

describe('AuditLog', () => {
  it('shows who did what to which hotel, the rejection reason, and pages through the server', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        urls.push(url);
        const page = Number(new URL(url, 'http://x').searchParams.get('page'));
        const items = page === 1 ? [entry(1, { action: 'rejected', detail: 'Photos missing' }), ...Array.from({ length: 24 }, (_, i) => entry(i + 2))] : [entry(26, { action: 'deleted' })];
        const answer: AdminAuditAnswer = { items, total: 26, page, pageSize: 25 };
        return Promise.resolve(new Response(JSON.stringify(answer), { status: 200 }));
      }),
    );
    renderWithApp(<AuditLog />);
    expect(await screen.findByText('Harbour Lift 1')).toBeTruthy();
    expect(screen.getByText('Rejected')).toBeTruthy();
    expect(screen.getByText('Reason: Photos missing')).toBeTruthy();
    expect(screen.getAllByText('by admin@reproute.example')).toHaveLength(25);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Harbour Lift 26')).toBeTruthy();
    expect(screen.getByText('Deleted')).toBeTruthy();
    expect(urls.at(-1)).toBe('/api/admin/hotels/audit?page=2&pageSize=25');
  });

  it("switches to the reviews' log: who approved or rejected which review, with the reason", async () => {
    const urls: string[] = [];
    const reviews: ReviewAuditAnswer = {
      items: [
        {
          id: 4, actorId: '00000000-0000-4000-8000-000000000001', actorEmail: 'admin@reproute.example', action: 'rejected', reviewId: '4a7f0f5e-8a0b-4f4e-9d7e-6a1b2c3d4e5f',
          reviewTitle: 'Great racks', hotelId: 3, hotelName: 'Summit SoHo', reviewerName: 'Rhea Tester', detail: 'The review is advertising or spam.', createdAt: '2026-11-21T10:00:00Z',
        },
      ],
      total: 1, page: 1, pageSize: 25,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        urls.push(url);
        const body = url.startsWith('/api/admin/reviews/audit') ? reviews : { items: [], total: 0, page: 1, pageSize: 25 };
        return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
      }),
    );
    renderWithApp(<AuditLog />);
    expect(await screen.findByText('No admin actions yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reviews' }));
    expect(await screen.findByText('"Great racks"')).toBeTruthy();
    expect(screen.getByText('Rejected review')).toBeTruthy();
    expect(screen.getByText('Reason: The review is advertising or spam.')).toBeTruthy();
    expect(screen.getByText('by admin@reproute.example')).toBeTruthy();
    expect(urls.at(-1)).toBe('/api/admin/reviews/audit?page=1&pageSize=25');
  });
});
