import type { Page } from '@playwright/test';
import { createListingApi, expect, newProvider, newTraveller, signInWithToken, test, toastWith, waitForEmail } from './doc2-support';

const noSidewaysScroll = async (page: Page, width: number) => {
  const overflowing = await page.evaluate(
    (w) => [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > w + 1 && !el.closest('[class*=overflow-x-auto], .sr-only, .toast-root')).slice(0, 5).map((el) => `${el.tagName}.${el.className}`),
    width,
  );
  expect(overflowing).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
};

test.describe('the team: invitations, roles and the activity log', () => {
  for (const width of [375, 1280]) {
    test(`an owner invites a responder for one property, who joins from the email; the owner changes the role and reads the log at ${width} px`, async ({ page, request }) => {
      test.slow();
      const owner = await newProvider(request);
      const hotel = await createListingApi(request, owner.token);
      const member = await newTraveller(request, 'Milo');
      await page.setViewportSize({ width, height: 900 });

      await signInWithToken(page, owner.token, '/provider/dashboard?tab=team');
      await expect(page.getByRole('tab', { name: 'Team' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('my-roles')).toHaveText('Your role: Owner (every property)');

      // A bad address is refused by the server, with its message.
      const form = page.getByTestId('invite-form');
      await form.getByLabel('Email address').fill(owner.email);
      await form.getByRole('button', { name: 'Send invitation' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'This address already belongs to a member of your organisation.' })).toBeVisible();

      await form.getByLabel('Email address').fill(member.email);
      await form.getByLabel('Role').selectOption('responder');
      await form.getByLabel('For').selectOption(String(hotel.id));
      await form.getByRole('button', { name: 'Send invitation' }).click();
      await expect(toastWith(page, 'Invitation sent')).toBeVisible();
      await expect(page.getByTestId('invitations')).toContainText(member.email);
      await expect(page.getByTestId('invitations')).toContainText(`Responder (${hotel.name})`);
      await noSidewaysScroll(page, width);
      await page.screenshot({ path: `test-results/team-owner-${width}.png`, fullPage: true });

      // The invitee opens the emailed link (through the notifier and SMTP) and accepts.
      const mail = await waitForEmail(request, member.email, /You are invited to join/, 60_000);
      const token = /\/provider\/join\?token=([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')![1]!;
      await signInWithToken(page, member.token, `/provider/join?token=${token}`);
      await expect(page.getByRole('heading', { name: 'Join your team on RepRoute' })).toBeVisible();
      await expect(page.getByText(`You are signed in as ${member.email}`)).toBeVisible();
      await noSidewaysScroll(page, width);
      await page.screenshot({ path: `test-results/team-join-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Accept invitation' }).click();
      await expect(page).toHaveURL(/\/provider\/dashboard\?tab=team/);
      await expect(page.getByTestId('my-roles')).toHaveText(`Your role: Responder (${hotel.name})`);
      await expect(page.getByText('Only an owner can invite people')).toBeVisible();
      await expect(page.getByTestId('invite-form')).toHaveCount(0);
      await page.screenshot({ path: `test-results/team-member-${width}.png`, fullPage: true });
      // The link works once.
      await page.goto(`/provider/join?token=${token}`);
      await page.getByRole('button', { name: 'Accept invitation' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'This invitation has already been used.' })).toBeVisible();

      // The owner sees the member, changes the role for every property, and reads the log.
      await signInWithToken(page, owner.token, '/provider/dashboard?tab=team');
      const row = page.getByTestId('member').filter({ hasText: member.email });
      await expect(row).toContainText(`Responder (${hotel.name})`);
      await row.getByLabel(`Role of ${member.email} for every property`).selectOption('viewer');
      await expect(toastWith(page, 'Role changed')).toBeVisible();
      await expect(row).toContainText('Viewer (every property)');
      const log = page.getByTestId('activity');
      await expect(log).toContainText(`${member.email} joined the team as`);
      await expect(log).toContainText(`${owner.email} invited ${member.email}`);
      await expect(log).toContainText(`${owner.email} changed a member's roles to`);
      await noSidewaysScroll(page, width);
      await page.screenshot({ path: `test-results/team-log-${width}.png`, fullPage: true });

      await row.getByRole('button', { name: 'Remove' }).click();
      await expect(toastWith(page, 'Member removed')).toBeVisible();
      await expect(page.getByTestId('member').filter({ hasText: member.email })).toHaveCount(0);
    });
  }
});
