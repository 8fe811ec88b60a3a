import type { APIRequestContext } from '@playwright/test';
import { API, expect, registerViaApi } from './support';

export * from './support';

/** A name no other test run shares. */
export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export async function loginApi(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post(`${API}/api/auth/login`, { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

export const adminToken = (request: APIRequestContext) => loginApi(request, 'admin@reproute.example', 'Admin!2345');

/** A fresh traveller account. */
export async function newTraveller(request: APIRequestContext, firstName = 'Tara') {
  return registerViaApi(request, firstName);
}

/** A fresh provider account with its own, empty dashboard. */
export async function newProvider(request: APIRequestContext, companyName = unique('E2E Hotels')) {
  const account = await registerViaApi(request, 'Paula');
  const response = await request.post(`${API}/api/provider/setup`, {
    headers: { Authorization: `Bearer ${account.token}` },
    data: { companyName, phoneNumber: '+12125550199' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { token?: string };
  return { ...account, token: body.token ?? account.token, companyName };
}

export interface CreatedHotel {
  id: number;
  name: string;
  slug: string;
  status: string;
}

export async function createListingApi(request: APIRequestContext, token: string, fields: Record<string, unknown> = {}): Promise<CreatedHotel> {
  const name = (fields.name as string | undefined) ?? unique('E2E Iron House');
  const response = await request.post(`${API}/api/provider/hotels`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { name, address: '1 Test Street', cityId: 1, pricePerNight: 210, currency: 'USD', gymAccessType: 'on-site', bookingUrl: 'https://book.e2e.example/stay', ...fields },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedHotel;
}

export async function approveApi(request: APIRequestContext, token: string, hotelId: number) {
  const response = await request.put(`${API}/api/hotels/${hotelId}/approval`, { headers: { Authorization: `Bearer ${token}` }, data: { isApproved: true } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** An approved hotel with no reviews, owned by the admin (so reviews change nobody else's data). */
export async function createAdminHotelApi(request: APIRequestContext, token: string, name = unique('E2E Review Lodge')): Promise<CreatedHotel> {
  const response = await request.post(`${API}/api/hotels`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { name, address: '9 Review Road', cityId: 2, pricePerNight: '150.00', currency: 'GBP', gymAccessType: 'partnered', bookingUrl: 'https://book.e2e.example/lodge', isApproved: true },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedHotel;
}

export async function deleteHotelApi(request: APIRequestContext, token: string, hotelId: number) {
  await request.delete(`${API}/api/hotels/${hotelId}`, { headers: { Authorization: `Bearer ${token}` } });
}

/** Removes a provider's listing, so tests leave the public catalog as they found it. */
export async function deleteListingApi(request: APIRequestContext, token: string, hotelId: number) {
  await request.delete(`${API}/api/provider/hotels/${hotelId}`, { headers: { Authorization: `Bearer ${token}` } });
}
