import sharp from 'sharp';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { API, adminToken, approveApi, createListingApi, deleteListingApi, expect, newProvider, signInWithToken, test } from './doc2-support';

const shots = process.env.SHOTS_DIR;

const solid = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } });

/** Real picture files, as a provider's camera roll would give them. */
async function pictures() {
  return {
    lobby: { name: 'lobby.jpg', mimeType: 'image/jpeg', buffer: await solid(1800, 1200, '#b45309').jpeg().toBuffer() },
    pool: { name: 'pool.png', mimeType: 'image/png', buffer: await solid(900, 600, '#0369a1').png().toBuffer() },
    rooftop: { name: 'rooftop.webp', mimeType: 'image/webp', buffer: await solid(2000, 1000, '#15803d').webp().toBuffer() },
    rack: { name: 'rack.jpg', mimeType: 'image/jpeg', buffer: await solid(1200, 900, '#334155').jpeg().toBuffer() },
    fake: { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('this is not a picture') },
    gif: { name: 'spin.gif', mimeType: 'image/gif', buffer: await solid(40, 40, '#000000').gif().toBuffer() },
  };
}

const order = (page: Page, kind: 'hotel' | 'gym') => page.getByTestId(`photo-${kind}`).evaluateAll((items) => items.map((item) => item.getAttribute('data-photo')));

async function shoot(page: Page, name: string) {
  if (!shots) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('provider photos', () => {
  test('upload several at once and by drop, refusals shown, reorder, cover, delete; the cover reaches the card with srcset', async ({ page, request }) => {
    test.slow();
    const files = await pictures();
    const provider = await newProvider(request);
    const listing = await createListingApi(request, provider.token);
    try {
      await signInWithToken(page, provider.token, `/edit-hotel/${listing.id}`);
      const manager = page.getByTestId('photo-manager');
      await expect(manager.getByRole('heading', { name: 'Photos', exact: true })).toBeVisible();
      await expect(manager.getByText('No photos yet.')).toBeVisible();

      // Three real files in one pick, plus one the browser refuses and one only the server can refuse.
      await manager.getByLabel('Choose hotel photos').setInputFiles([files.lobby, files.gif, files.pool, files.fake, files.rooftop]);
      await expect(page.getByTestId('photo-hotel')).toHaveCount(3);
      const alerts = manager.getByRole('alert');
      await expect(alerts.filter({ hasText: 'Photos must be JPEG, PNG or WebP images' })).toHaveCount(2);
      await expect(manager.getByText('spin.gif')).toBeVisible();
      await expect(manager.getByText('notes.jpg')).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: '3 photos uploaded. 2 photos could not be uploaded.' })).toHaveCount(1);
      const uploaded = await order(page, 'hotel');
      expect(uploaded).toHaveLength(3);
      await expect(page.getByTestId('photo-hotel').first().getByTestId('cover-badge')).toBeVisible();
      const firstImg = page.getByTestId('photo-hotel').first().locator('img');
      await expect(firstImg).toHaveAttribute('srcset', new RegExp(`${uploaded[0]}-400\\.webp 400w, .*${uploaded[0]}-800\\.webp 800w, .*${uploaded[0]}-1600\\.webp 1600w`));
      await manager.getByRole('button', { name: 'Dismiss' }).first().click();
      await manager.getByRole('button', { name: 'Dismiss' }).first().click();

      // A gym photo dropped on the gym zone, as a file dragged from the desktop.
      const dataTransfer = await page.evaluateHandle(async ({ bytes, name }) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' }));
        return transfer;
      }, { bytes: [...files.rack.buffer], name: files.rack.name });
      await page.getByTestId('photo-drop-gym').dispatchEvent('dragover', { dataTransfer });
      await page.getByTestId('photo-drop-gym').dispatchEvent('drop', { dataTransfer });
      await expect(page.getByTestId('photo-gym')).toHaveCount(1);
      await shoot(page, 'edit-photos');
      const axe = await new AxeBuilder({ page }).include('[data-testid="photo-manager"]').analyze();
      expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

      // Reorder with the buttons: the second photo moves first, then the last becomes the cover.
      // By keyboard: the moved photo keeps the focus (its "earlier" button is now disabled, so "later").
      await manager.getByRole('button', { name: 'Move photo 2 earlier' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => order(page, 'hotel')).toEqual([uploaded[1], uploaded[0], uploaded[2]]);
      await expect(manager.getByRole('button', { name: 'Move photo 1 later' })).toBeFocused();
      await expect(page.getByTestId('photo-hotel').first().getByTestId('cover-badge')).toHaveCount(0);
      await manager.getByRole('button', { name: 'Make photo 3 the cover' }).click();
      await expect(page.getByTestId('photo-hotel').nth(2).getByTestId('cover-badge')).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'photo 3 is now the cover.' })).toHaveCount(1);

      // Delete asks first; Cancel keeps the photo, Delete Photo removes it.
      await manager.getByRole('button', { name: 'Delete photo 2' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete this photo?' });
      await expect(dialog).toContainText('It is removed from your listing at once.');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByTestId('photo-hotel')).toHaveCount(3);
      await manager.getByRole('button', { name: 'Delete photo 2' }).click();
      await dialog.getByRole('button', { name: 'Delete Photo' }).click();
      await expect(page.getByTestId('photo-hotel')).toHaveCount(2);
      // Focus moves to the photo now in the deleted one's place, not to the page's start.
      await expect(manager.getByRole('button', { name: 'Delete photo 2' })).toBeFocused();
      await expect.poll(() => order(page, 'hotel')).toEqual([uploaded[1], uploaded[2]]);
      await expect(page.getByTestId('photo-hotel').nth(1).getByTestId('cover-badge')).toBeVisible();

      // Dragging a photo onto another moves it there (and back again).
      for (const expected of [[uploaded[2], uploaded[1]], [uploaded[1], uploaded[2]]]) {
        await page.getByTestId('photo-hotel').nth(1).dragTo(page.getByTestId('photo-hotel').nth(0));
        await expect.poll(() => order(page, 'hotel')).toEqual(expected);
      }

      // The saved order survives a reload.
      await page.reload();
      await expect.poll(() => order(page, 'hotel')).toEqual([uploaded[1], uploaded[2]]);

      // Once approved, the chosen cover leads the hotel's card and page, with its variants as srcset.
      await approveApi(request, await adminToken(request), listing.id);
      await page.goto(`/search?query=${encodeURIComponent(listing.name)}`);
      const card = page.getByTestId('hotel-card').filter({ hasText: listing.name });
      await expect(card).toHaveCount(1);
      const cardImg = card.locator('img').first();
      await expect(cardImg).toHaveAttribute('srcset', new RegExp(`${uploaded[2]}-400\\.webp 400w`));
      await expect(cardImg).toHaveAttribute('sizes', /33vw/);
      await expect.poll(() => cardImg.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc)).toMatch(new RegExp(`${uploaded[2]}-\\d+\\.webp$`));
      await shoot(page, 'search-card');

      await card.getByRole('link', { name: listing.name }).click();
      const hero = page.getByRole('img', { name: listing.name, exact: true });
      await expect(hero).toHaveAttribute('srcset', new RegExp(`${uploaded[2]}-1600\\.webp 1600w`));
      const gallery = page.getByRole('region', { name: 'Gallery' }).or(page.locator('section[aria-labelledby="gallery-heading"]'));
      await expect(gallery.locator('img')).toHaveCount(3);
      await expect(gallery.locator('img').first()).toHaveAttribute('srcset', /-400\.webp 400w/);
      await shoot(page, 'hotel-page');

      // On the live listing a new order waits for review, and says so.
      await signInWithToken(page, provider.token, `/edit-hotel/${listing.id}`);
      await manager.getByRole('button', { name: 'Move photo 2 earlier' }).click();
      await expect(page.getByTestId('photos-awaiting-review')).toBeVisible();
      const liveIds = async () => ((await (await request.get(`${API}/api/hotels/${listing.id}`)).json()) as { images: string[] }).images.map((url) => url.split('/').pop()!.split('-')[0]);
      expect(await liveIds()).toEqual([uploaded[1], uploaded[2]]);
      await page.reload();
      await expect(page.getByTestId('pending-changes-notice').getByTestId('revision-photos')).toHaveCount(2);
      await shoot(page, 'edit-photos-pending');

      // The admin sees the photos themselves, old order and new, and approves them.
      await signInWithToken(page, await adminToken(request), '/admin');
      await page.getByRole('tab', { name: /Pending Listings/ }).click();
      const revision = page.getByTestId('pending-revision').filter({ hasText: listing.name });
      const photosChange = revision.getByTestId('revision-change').filter({ hasText: 'Photos' });
      await expect(photosChange.getByTestId('revision-photos')).toHaveCount(2);
      await expect(photosChange.getByTestId('revision-photos').last().locator('img').first()).toHaveAttribute('srcset', new RegExp(`${uploaded[2]}-400\\.webp 400w`));
      await shoot(page, 'admin-photo-revision');
      await revision.getByRole('button', { name: `Approve changes to ${listing.name}` }).click();
      await expect(revision).toHaveCount(0);
      expect(await liveIds()).toEqual([uploaded[2], uploaded[1]]);
    } finally {
      await deleteListingApi(request, provider.token, listing.id);
    }
  });
});

test('a listing without photos shows the placeholder, which has no caption to cover the hotel name on phones', async ({ page, request }) => {
  const placeholder = await request.get(`${API}/media/hotel-placeholder.svg`);
  expect(placeholder.ok()).toBe(true);
  expect(await placeholder.text()).not.toContain('<text');
  const provider = await newProvider(request);
  const listing = await createListingApi(request, provider.token);
  try {
    await page.setViewportSize({ width: 375, height: 800 });
    await signInWithToken(page, provider.token, `/hotel/${listing.id}`);
    const hero = page.getByRole('img', { name: listing.name, exact: true });
    await expect(hero).toHaveAttribute('src', '/media/hotel-placeholder.svg');
    await expect(page.getByRole('heading', { level: 1, name: listing.name })).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/placeholder-hero-375.png` });
  } finally {
    await deleteListingApi(request, provider.token, listing.id);
  }
});
