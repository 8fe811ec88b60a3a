import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { gymFit, trainingNeedsToParams, type HotelSearchAnswer, type TrainingNeeds } from '@reproute/contracts';
import { API, expect, registerViaApi, signInWithToken, test } from './support';

const shots = process.env.SHOTS_DIR ?? '/tmp/shots-training';

async function noSeriousViolations(page: Page, include: string) {
  const results = await new AxeBuilder({ page }).include(include).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
}

// "My training, matched": a visitor saves needs in the browser and every card and the hotel page show the fit; search
// sorts by it on the server (the order the API gives for the same needs). A signed-in traveller's needs are kept in
// the account, edited from the profile.
test.describe('My training at desktop width (a visitor)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('saved in the browser: each card says how the gym fits, the fit sort is the server’s, the hotel page lists each need', async ({ page, request }) => {
    const needs: TrainingNeeds = { equipment: ['rower'], pieces: [{ item: 'rack', kind: 'power-rack', count: 1 }], minDumbbellKg: 40, opensBefore: '06:00', openAfter: null };
    await page.goto('/search?query=London');
    await expect(page.getByTestId('training-fit')).toHaveCount(0);
    await page.getByTestId('my-training-button').click();
    const dialog = page.getByRole('dialog', { name: 'My training' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Power rack').selectOption('1');
    await dialog.getByTestId('need-dumbbells').fill('40');
    await dialog.getByTestId('need-opens-before').fill('06:00');
    await dialog.getByRole('checkbox', { name: 'Rower' }).check();
    await noSeriousViolations(page, '[data-testid="my-training-dialog"]');
    await dialog.screenshot({ path: `${shots}/my-training-dialog-1280.png` });
    await dialog.getByRole('button', { name: 'Save my training' }).click();
    await expect(dialog).toBeHidden();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('rr_training')))!)).toEqual(needs);

    // Every card carries its fit.
    const cards = page.getByTestId('hotel-card');
    await expect(cards.first().getByTestId('training-fit')).toContainText(/Fits \d of 4/);
    expect(await page.getByTestId('training-fit').count()).toBe(await cards.count());

    // The fit sort: the server's order for these needs, each card's line what gymFit says of that hotel.
    await page.getByLabel('Sort by').selectOption('fit');
    await expect(page).toHaveURL(/sort=fit/);
    const api = (await (await request.get(`${API}/api/hotels/search?${new URLSearchParams({ query: 'London', sort: 'fit', pageSize: '24', ...trainingNeedsToParams(needs) })}`)).json()) as HotelSearchAnswer;
    await expect(cards.first().getByRole('heading', { level: 3 })).toHaveText(api.items[0]!.name);
    const names = await cards.getByRole('heading', { level: 3 }).allTextContents();
    expect(names).toEqual(api.items.map((h) => h.name));
    const first = gymFit(api.items[0]!, needs);
    await expect(cards.first().getByTestId('training-fit')).toContainText(`Fits ${first.met} of 4`);
    await page.screenshot({ path: `${shots}/my-training-search-1280.png` });

    // The hotel page: each need as met, missing or not stated.
    await cards.first().getByRole('link', { name: 'View Gym Details' }).click();
    const panel = page.getByTestId('training-fit-panel');
    await expect(panel.getByTestId('training-fit-headline')).toContainText(`Fits ${first.met} of 4`);
    await expect(panel.getByRole('listitem')).toHaveCount(4);
    await panel.scrollIntoViewIfNeeded();
    await noSeriousViolations(page, '[data-testid="training-fit-panel"]');
    await panel.screenshot({ path: `${shots}/my-training-hotel-1280.png` });
  });
});

test.describe('A fit sort without needs (a shared link)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('says the results are in gym score order and asks the API for that order, not a 400', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/hotels/search')) asked.push(new URL(r.url()).searchParams.get('sort') ?? '');
    });
    await page.goto('/search?sort=fit');
    await expect(page.getByTestId('fit-needs-needs')).toContainText('sorted by gym score');
    await expect(page.getByTestId('hotel-card').first()).toBeVisible();
    await expect(page.getByTestId('empty-state')).toHaveCount(0);
    // The next page is asked by the browser itself: in the gym score's order (the first may be written by the server).
    await page.getByRole('button', { name: 'Show more hotels' }).click();
    await expect.poll(() => asked.length).toBeGreaterThan(0);
    expect(asked).not.toContain('fit');
    expect(asked).toContain('gymScore');
  });
});

test.describe('My training on phones (signed in)', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('set up from the profile, kept in the account, shown on the search page’s cards', async ({ page, request }) => {
    const account = await registerViaApi(request, 'Tara', { verified: false });
    await signInWithToken(page, account.token, '/profile');
    const section = page.locator('#my-training');
    await expect(section.getByText('Nothing saved yet.')).toBeVisible();
    await section.getByRole('button', { name: 'Set up my training' }).click();
    const dialog = page.getByRole('dialog', { name: 'My training' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Kept in your account.')).toBeVisible();
    await dialog.getByLabel('Adjustable bench').selectOption('2');
    await dialog.getByRole('checkbox', { name: 'Sauna' }).check();
    await dialog.screenshot({ path: `${shots}/my-training-dialog-375.png` });
    await dialog.getByRole('button', { name: 'Save my training' }).click();
    await expect(dialog).toBeHidden();
    await expect(section.getByRole('listitem')).toHaveText(['2 adjustable benches', 'Sauna']);
    await page.getByRole('button', { name: 'Close notification' }).click();
    await section.screenshot({ path: `${shots}/my-training-profile-375.png` });

    const saved = await request.get(`${API}/api/me/training`, { headers: { authorization: `Bearer ${account.token}` } });
    expect((await saved.json()).needs).toEqual({ equipment: ['sauna'], pieces: [{ item: 'bench', kind: 'adjustable', count: 2 }], minDumbbellKg: null, opensBefore: null, openAfter: null });
    expect(await page.evaluate(() => localStorage.getItem('rr_training'))).toBeNull();

    await page.goto('/search?query=London');
    await expect(page.getByTestId('hotel-card').first().getByTestId('training-fit')).toContainText(/Fits \d of 2/);
    await page.getByTestId('hotel-card').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/my-training-search-375.png` });

    // Clearing empties the account's needs too.
    await page.getByTestId('my-training-button').click();
    await page.getByRole('dialog', { name: 'My training' }).getByRole('button', { name: 'Clear my training' }).click();
    await expect(page.getByTestId('training-fit')).toHaveCount(0);
    expect((await (await request.get(`${API}/api/me/training`, { headers: { authorization: `Bearer ${account.token}` } })).json()).needs).toBeNull();
  });
});
