import http from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { API, expect, newProvider, signInWithToken, test } from './doc2-support';

/** A real receiver on this machine: the running webhooks service delivers to it (local runs allow 127.0.0.1). */
async function startReceiver() {
  const received: { id: string; timestamp: string; signature: string; body: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ id: String(req.headers['webhook-id']), timestamp: String(req.headers['webhook-timestamp']), signature: String(req.headers['webhook-signature']), body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('received, thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/reproute`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const noSidewaysScroll = async (page: Page, width: number) => {
  const overflowing = await page.evaluate((w) => [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > w + 1 && !el.closest('[class*=overflow-x-auto], .sr-only')).slice(0, 5).map((el) => `${el.tagName}.${el.className}`), width);
  expect(overflowing).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
};

test.describe('provider integrations: webhooks and API keys', () => {
  for (const width of [375, 1280]) {
    test(`add an endpoint, test it, read its log, send again, rotate, turn off; make, use and revoke a key at ${width} px`, async ({ page, request }) => {
      test.slow();
      const provider = await newProvider(request);
      const receiver = await startReceiver();
      try {
        await page.setViewportSize({ width, height: 900 });
        await signInWithToken(page, provider.token, '/provider/dashboard?tab=integrations');
        await expect(page.getByRole('tab', { name: 'Integrations' })).toHaveAttribute('aria-selected', 'true');

        // A bad address is refused with the server's message, and nothing is added.
        await page.getByLabel('Endpoint URL').fill('ftp://crm.example/hook');
        await page.getByRole('button', { name: 'Add Endpoint' }).click();
        await expect(page.getByRole('alert').filter({ hasText: 'Webhook URL must be an absolute https:// address' })).toBeVisible();
        await expect(page.getByText('No endpoints yet.')).toBeVisible();

        await page.getByLabel('Endpoint URL').fill(receiver.url);
        await page.getByLabel('Description (optional)').fill('Our CRM');
        await page.getByRole('button', { name: 'Add Endpoint' }).click();
        const shown = page.getByTestId('shown-once');
        await expect(shown).toContainText('shown this once');
        const secret = (await page.getByTestId('shown-once-value').textContent())!.trim();
        expect(secret).toMatch(/^whsec_/);
        const card = page.getByTestId('webhook-endpoint');
        await expect(card).toContainText(receiver.url);
        await expect(card.getByText('Active')).toBeVisible();
        await page.screenshot({ path: `test-results/provider-integrations-added-${width}.png`, fullPage: true });
        await page.getByRole('button', { name: 'I have saved it' }).click();

        // A test event reaches the receiver, signed (verified with the Standard Webhooks library); the log shows it delivered.
        await card.getByRole('button', { name: 'Send Test Event' }).click();
        await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(1);
        const first = receiver.received[0]!;
        expect(new Webhook(secret).verify(first.body, { 'webhook-id': first.id, 'webhook-timestamp': first.timestamp, 'webhook-signature': first.signature })).toMatchObject({ type: 'webhook.test' });
        const delivery = page.getByTestId('webhook-delivery').first();
        await expect(delivery.getByText('Delivered')).toBeVisible({ timeout: 20_000 });
        await expect(delivery).toContainText('HTTP 200');
        await expect(delivery).toContainText('received, thanks');

        // Send again: the same message id, so a receiver that has it drops the repeat.
        await delivery.getByRole('button', { name: 'Send Again' }).click();
        await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(2);
        expect(receiver.received[1]!.id).toBe(first.id);
        await expect(delivery.getByRole('list', { name: 'Tries' }).getByRole('listitem')).toHaveCount(2, { timeout: 20_000 });

        // Rotation: a new secret, shown once; both sign during the overlap.
        await card.getByRole('button', { name: 'Rotate Secret' }).click();
        await expect(page.getByTestId('shown-once')).toContainText('New signing secret');
        const rotated = (await page.getByTestId('shown-once-value').textContent())!.trim();
        expect(rotated).not.toBe(secret);
        await expect(card.getByText(/Old secret signs until/)).toBeVisible();
        await page.screenshot({ path: `test-results/provider-integrations-log-${width}.png`, fullPage: true });
        await page.getByRole('button', { name: 'I have saved it' }).click();

        await card.getByRole('button', { name: 'Turn Off' }).click();
        await expect(card.getByText('Off', { exact: true })).toBeVisible();
        await expect(card.getByRole('button', { name: 'Send Test Event' })).toBeDisabled();

        // An API key: shown once, never used, then used by a CRM (last use shown), then revoked (refused).
        await page.getByLabel('Key name').fill('Salesforce');
        await page.getByLabel('Set lead status (leads:write)').check();
        await page.getByRole('button', { name: 'Create Key' }).click();
        await expect(page.getByTestId('shown-once')).toContainText('API key “Salesforce”');
        const key = (await page.getByTestId('shown-once-value').textContent())!.trim();
        expect(key).toMatch(/^rr_live_/);
        const row = page.getByTestId('api-key');
        await expect(row).toContainText('never used');
        await expect(row).toContainText('leads:read, leads:write');
        const pulled = await request.get(`${API}/api/partner/leads`, { headers: { 'X-Api-Key': key } });
        expect(pulled.status()).toBe(200);
        await page.reload();
        await expect(page.getByTestId('api-key')).toContainText('last used', { timeout: 20_000 });
        const axe = await new AxeBuilder({ page }).include('[role="tabpanel"][data-state="active"]').analyze();
        expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
        await noSidewaysScroll(page, width);
        await page.screenshot({ path: `test-results/provider-integrations-keys-${width}.png`, fullPage: true });
        await page.getByTestId('api-key').getByRole('button', { name: 'Revoke' }).click();
        await expect(page.getByTestId('api-key').getByText(/^Revoked/)).toBeVisible();
        expect((await request.get(`${API}/api/partner/leads`, { headers: { 'X-Api-Key': key } })).status()).toBe(401);
      } finally {
        await receiver.close();
      }
    });
  }
});
