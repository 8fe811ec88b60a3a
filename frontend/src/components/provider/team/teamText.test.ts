import { describe, expect, it } from 'vitest';
import { activityText, grantsText } from './teamText';

const names: Record<number, string> = { 12: 'Station Hotel', 14: 'Harbour Hotel' };
const hotelName = (id: number) => names[id] ?? `property ${id}`;

describe('team texts', () => {
  it('names a member\'s roles, every property first, then each property by its name', () => {
    expect(grantsText({ '14': 'manager', '*': 'viewer', '12': 'responder' }, hotelName)).toBe('Viewer (every property), Responder (Station Hotel), Manager (Harbour Hotel)');
    expect(grantsText({ '*': 'owner' }, hotelName)).toBe('Owner (every property)');
  });

  it('says who did what to which property, and names properties in a member\'s new roles', () => {
    expect(activityText({ actorEmail: 'ana@x.example', action: 'lead.status', hotelName: 'Station Hotel', detail: 'new → contacted' })).toBe('ana@x.example moved a lead of Station Hotel (new → contacted)');
    expect(activityText({ actorEmail: 'ana@x.example', action: 'listing.updated', hotelName: null, detail: null })).toBe('ana@x.example changed the listing a deleted listing');
    expect(activityText({ actorEmail: 'o@x.example', action: 'member.role-changed', hotelName: null, detail: 'responder (property 12), viewer (every property)' }, hotelName)).toBe(
      "o@x.example changed a member's roles to responder (Station Hotel), viewer (every property)",
    );
  });
});
