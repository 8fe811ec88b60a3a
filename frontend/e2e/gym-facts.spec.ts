import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Hotel } from '@reproute/contracts';
import { API, deleteListingApi, expect, newProvider, signInWithToken, test, unique } from './doc2-support';

const shots = process.env.SHOTS_DIR ?? '/tmp/shots-gymfacts';
const widths = [375, 1280] as const;

async function expectNoSeriousViolations(page: Page, include: string) {
  const results = await new AxeBuilder({ page }).include(include).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
}

async function ownListing(request: APIRequestContext, token: string, name: string): Promise<Hotel> {
  const response = await request.get(`${API}/api/provider/hotels`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as Hotel[]).find((h) => h.name === name)!;
}

const gymSection = (page: Page) => page.locator('section').filter({ has: page.getByRole('heading', { name: 'Gym Equipment & Facilities' }) });

test.describe('the hotel page shows everything it knows about the gym', () => {
  for (const width of widths) {
    test(`a partner gym: name, description, address, distance, walk, map, entry, fee, the week and the specs (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/hotels/canary-wharf-riverside-hotel');
      const facts = page.getByTestId('gym-facts');
      await expect(facts.getByTestId('gym-name')).toHaveText('Riverside Health Club');
      await expect(facts.getByTestId('gym-description')).toHaveText('Partner club 150 metres from the hotel; access with your key card.');
      const where = page.getByTestId('gym-where');
      await expect(where.getByRole('heading')).toHaveText('At a partner gym');
      await expect(where).toContainText('1 Westferry Circus, Canary Wharf, London E14 4HD');
      await expect(where).toContainText('150 m from the hotel · 2 min walk');
      const map = where.getByTestId('gym-location-map');
      await expect(map).toBeVisible();
      await expect(map.locator('figcaption')).toHaveText('Map: G is Riverside Health Club, H is Canary Wharf Riverside Hotel');
      await expect(map.locator('.rr-map-pin')).toHaveCount(2);
      const entry = page.getByTestId('gym-entry');
      await expect(entry).toContainText('Room keycard, any hour it is open');
      await expect(entry).toContainText('Free for hotel guests');
      const days = page.getByTestId('gym-hours').getByRole('row');
      await expect(days).toHaveText(['Monday06:00–23:00', 'Tuesday06:00–23:00', 'Wednesday06:00–23:00', 'Thursday06:00–23:00', 'Friday06:00–23:00', 'Saturday08:00–20:00', 'Sunday08:00–20:00']);
      const specs = page.getByTestId('gym-specs');
      await expect(specs).toContainText('Racks: 2 power racks, 2 Smith machines');
      await expect(specs).toContainText('Benches: 5 adjustable benches');
      await expect(specs).toContainText('Cable stations: 3 dual adjustable cable stations');
      await expect(specs).toContainText('Treadmills: 14 treadmills');
      await expect(specs).toContainText('Dumbbells: 2–46 kg');
      // One figure for the dumbbells: the chip says the range the specs say.
      await expect(gymSection(page).getByText('Dumbbells 2–46 kg', { exact: true })).toBeVisible();
      await expect(gymSection(page).getByText('Dumbbells ≥40kg')).toHaveCount(0);
      await expectNoSeriousViolations(page, '[data-testid="gym-facts"]');
      await facts.screenshot({ path: `${shots}/hotel-partner-gym-${width}.png` });
    });

    test(`an on-site gym that states little says what is not stated (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/hotels/ginza-kaiseki-house');
      await expect(page.getByTestId('gym-name')).toHaveText('Kaiseki Wellness Room');
      await expect(page.getByTestId('gym-where')).toContainText('The gym is in the hotel building.');
      await expect(page.getByTestId('gym-location-map')).toHaveCount(0);
      await expect(page.getByTestId('gym-entry')).toContainText('EntryNot stated');
      await expect(page.getByTestId('gym-entry')).toContainText('Guest feeNot stated');
      await expect(page.getByTestId('gym-hours').getByRole('row')).toHaveText(Array(7).fill(/Open 24 hours$/));
      await expect(page.getByTestId('gym-specs')).toContainText('Counts and weights not stated');
      await page.getByTestId('gym-facts').screenshot({ path: `${shots}/hotel-onsite-gym-${width}.png` });
    });
  }
});

test.describe('the gym form', () => {
  test('a provider enters the gym’s name, place, entry, fee, the week and counted equipment; hours that do not parse are refused; the page shows what was entered', async ({ page, request }) => {
    test.slow();
    const provider = await newProvider(request);
    const name = unique('E2E Spec Hotel');
    await signInWithToken(page, provider.token, '/provider/listings/new');
    await expect(page.getByRole('heading', { name: 'Add a New Listing' })).toBeVisible();
    await page.getByLabel('Hotel name').fill(name);
    await page.getByLabel('Address').fill('2 Quay Street');
    await page.getByLabel('Booking URL').fill('https://book.e2e.example/spec');
    await page.getByLabel('Gym access').selectOption('nearby');
    await page.getByLabel('City', { exact: true }).selectOption({ index: 2 });

    await page.getByLabel('What the gym is called').fill('Quayside Barbell');
    await page.getByLabel('About the gym').fill('A strength gym across the square; show your room key.');
    await page.getByLabel('How guests get in').selectOption('staffed');
    await page.getByLabel('Amount (0 if free)').fill('15');
    await page.getByLabel('Fee charged in').selectOption('GBP');
    await page.getByLabel('Charged per').selectOption('visit');
    await page.getByLabel('Gym location (street, town)').fill('9 Quay Square');
    await page.getByLabel('Distance from the hotel (m)').fill('400');
    await page.getByLabel('Walking time (minutes)').fill('5');
    await page.getByRole('button', { name: 'Set the gym on a map' }).click();
    const picker = page.getByTestId('location-picker');
    await expect(picker).toHaveAttribute('aria-label', 'Map: click where the gym is to set its latitude and longitude');
    await page.getByLabel('Gym latitude').fill('51.5081');
    await page.getByLabel('Gym longitude').fill('-0.0759');
    await page.getByLabel('Opens at').fill('06:00');
    await page.getByLabel('Closes at').fill('22:00');
    await page.getByText('Hours that differ by day').click();
    await page.getByLabel('Saturday').fill('8am till late');
    await page.getByLabel('Sunday').fill('closed');
    await page.getByLabel('Power racks').fill('3');
    await page.getByLabel('Adjustable benches').fill('4');
    await page.getByLabel('Lifting platforms').fill('2');
    await page.getByLabel('Lightest dumbbell (kg)').fill('2');
    await page.getByLabel('Heaviest dumbbell (kg)').fill('50');
    await page.getByLabel('Heaviest kettlebell (kg)').fill('40');
    await page.getByRole('checkbox', { name: 'Bumper plates' }).check();

    await page.getByRole('button', { name: 'Submit for Review' }).click();
    await expect(page.getByText('Hours of a day must be HH:MM-HH:MM (24-hour clock, e.g. 06:00-22:00), 24h or closed')).toBeVisible();
    await expect(page).toHaveURL(/\/provider\/listings\/new$/);
    await page.getByLabel('Saturday').fill('08:00-20:00');
    await expectNoSeriousViolations(page, 'form');
    const section = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Gym equipment and facilities', exact: true }) });
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await section.screenshot({ path: `${shots}/provider-gym-form-${width}.png` });
      await page.getByRole('group', { name: 'How many of each' }).screenshot({ path: `${shots}/provider-gym-counts-${width}.png` });
      await page.getByRole('group', { name: 'Guest fee' }).screenshot({ path: `${shots}/provider-gym-fee-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Submit for Review' }).click();
    await expect(page).toHaveURL(/\/provider\/dashboard$/);

    const listing = await ownListing(request, provider.token, name);
    try {
      expect(listing.gym).toMatchObject({
        name: 'Quayside Barbell',
        entry: 'staffed',
        guestFee: { amount: 15, currency: 'GBP', per: 'visit' },
        address: '9 Quay Square',
        distanceMetres: 400,
        walkingMinutes: 5,
        latitude: 51.5081,
        longitude: -0.0759,
        weeklyHours: { mon: '06:00-22:00', fri: '06:00-22:00', sat: '08:00-20:00', sun: 'closed' },
        equipmentPieces: [
          { item: 'rack', kind: 'power-rack', count: 3 },
          { item: 'bench', kind: 'adjustable', count: 4 },
          { item: 'platform', kind: null, count: 2 },
        ],
        lightestDumbbellKg: 2,
        heaviestDumbbellKg: 50,
        heaviestKettlebellKg: 40,
        plateKinds: ['bumper'],
      });

      // Its provider sees the pending listing's page with what was entered.
      await page.goto(`/hotels/${listing.id}`);
      await expect(page.getByTestId('gym-name')).toHaveText('Quayside Barbell');
      await expect(page.getByTestId('gym-where')).toContainText('400 m from the hotel · 5 min walk');
      await expect(page.getByTestId('gym-entry')).toContainText('£15 per visit');
      await expect(page.getByTestId('gym-hours').getByRole('row').nth(6)).toHaveText('SundayClosed');
      await expect(page.getByTestId('gym-specs')).toContainText('Racks: 3 power racks');

      // The edit form opens with the stored week: the days that differ are shown day by day.
      await page.goto(`/edit-hotel/${listing.id}`);
      await expect(page.getByLabel('What the gym is called')).toHaveValue('Quayside Barbell');
      await expect(page.getByLabel('Saturday')).toBeVisible();
      await expect(page.getByLabel('Saturday')).toHaveValue('08:00-20:00');
      await expect(page.getByLabel('Power racks')).toHaveValue('3');
      await expect(page.getByLabel('How guests get in')).toHaveValue('staffed');
    } finally {
      await deleteListingApi(request, provider.token, listing.id);
    }
  });
});
