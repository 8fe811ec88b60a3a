/** Listings as a provider sends them, for the catalog's route and integration tests (no I/O here). */

export const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export function listingBody(overrides: Record<string, unknown> = {}) {
  return {
    name: uniqueName('Test Lift Hotel'),
    address: '10 Test Street',
    bookingUrl: 'https://test-lift.example/book',
    gymAccessType: 'on-site',
    // A place of its own, so test listings never change what the seeded cities show.
    city: 'Testville',
    country: 'Testland',
    description: 'A test listing with a small gym.',
    rawEquipment: ['Power rack', 'Treadmill', 'Sauna'],
    ...overrides,
  };
}
