import { describe, expect, it } from 'vitest';
import { adminHotelApiQuery, adminHotelStateFrom, ariaSortOf, nextAdminHotelSort } from './adminHotelQuery';

describe('admin hotel table state', () => {
  it('reads q, status, sort and page from the URL, unknown values falling back to the defaults', () => {
    expect(adminHotelStateFrom(new URLSearchParams('q=%20zürich%20&status=pending&sort=-name&page=3'))).toEqual({ q: 'zürich', status: 'pending', sort: '-name', page: 3 });
    expect(adminHotelStateFrom(new URLSearchParams('status=live&sort=rating&page=0'))).toEqual({ q: '', status: null, sort: '-created', page: 1 });
    expect(adminHotelStateFrom(new URLSearchParams('page=2.5')).page).toBe(1);
  });

  it('asks the API for one page with the filters in force', () => {
    expect(adminHotelApiQuery({ q: 'hôtel', status: 'rejected', sort: 'city', page: 2 })).toBe('q=h%C3%B4tel&status=rejected&sort=city&page=2&pageSize=25');
    expect(adminHotelApiQuery({ q: '', status: null, sort: '-created', page: 1 })).toBe('sort=-created&page=1&pageSize=25');
  });

  it('flips the direction of the sorted column and starts another ascending (Created newest first)', () => {
    expect(nextAdminHotelSort('-created', 'name')).toBe('name');
    expect(nextAdminHotelSort('name', 'name')).toBe('-name');
    expect(nextAdminHotelSort('-name', 'name')).toBe('name');
    expect(nextAdminHotelSort('name', 'created')).toBe('-created');
    expect(nextAdminHotelSort('-created', 'created')).toBe('created');
  });

  it('states aria-sort for each header', () => {
    expect(ariaSortOf('city', 'city')).toBe('ascending');
    expect(ariaSortOf('-city', 'city')).toBe('descending');
    expect(ariaSortOf('-city', 'name')).toBe('none');
  });
});
