import type { LeadStatus, ProviderAnalytics, ProviderLead } from '@reproute/contracts';

/** The first day of the current calendar month as YYYY-MM-DD (local time): the "This Month" card counts leads made since. */
export function monthStartDay(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-01`;
}

export function formatLeadDate(iso: string | null | undefined): string {
  if (!iso) return '--';
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00` : iso);
  if (Number.isNaN(date.getTime())) return '--';
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

export interface LeadRow {
  id: string;
  date: string;
  hotel: string;
  customer: string;
  email: string;
  checkIn: string;
  checkOut: string;
  guests: number;
}

/** One lead table row with the spec's fallbacks: "Unknown Hotel", "Anonymous", "--", guests 1. */
export function leadRow(
  lead: Pick<ProviderLead, 'id' | 'createdAt' | 'name' | 'email' | 'checkInDate' | 'guests'> & { checkOutDate?: string | null; hotel?: { name?: string | null } | null },
): LeadRow {
  return {
    id: lead.id,
    date: formatLeadDate(lead.createdAt),
    hotel: lead.hotel?.name || 'Unknown Hotel',
    customer: lead.name?.trim() || 'Anonymous',
    email: lead.email || '--',
    checkIn: lead.checkInDate ? formatLeadDate(lead.checkInDate) : '--',
    checkOut: lead.checkOutDate ? formatLeadDate(lead.checkOutDate) : '--',
    guests: lead.guests && lead.guests > 0 ? lead.guests : 1,
  };
}

/** How each lead status reads in the inbox. */
export const leadStatusLabels: Record<LeadStatus, string> = { new: 'New', contacted: 'Contacted', booked: 'Booked', lost: 'Lost' };

export interface ListingFigures {
  clicks: number;
  leads: number;
  pageViews: number;
}

/** A listing's referral clicks, leads and page views from the analytics service; zeros when it has none. */
export function figuresFor(analytics: ProviderAnalytics | undefined, hotelId: number): ListingFigures {
  const row = analytics?.hotels.find((h) => h.hotelId === hotelId);
  return { clicks: row?.referralClicks ?? 0, leads: row?.leads ?? 0, pageViews: row?.pageViews ?? 0 };
}
