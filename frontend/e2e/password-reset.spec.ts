import { expect, registerViaApi, test, waitForEmail } from './support';

test('forgot password: the emailed link resets the password', async ({ page, request }) => {
  const account = await registerViaApi(request, 'Drew');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  // The login form stays on screen until the lazily loaded page arrives: wait for the new page before typing.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText("If an account with that email exists, we've sent a password reset link.", { exact: true })).toBeVisible();

  const email = await waitForEmail(request, account.email, /reset/i);
  const body = `${email.text ?? ''}\n${email.html ?? ''}`;
  const token = body.match(/reset-password\?token=([^\s"'<&]+)/)?.[1];
  expect(token, 'reset link in the email').toBeTruthy();

  const analyticsBodies: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/analytics')) analyticsBodies.push(req.postData() ?? '');
  });
  await page.goto(`/reset-password?token=${token}`);
  // The page view is recorded without the reset page's query: the token never reaches analytics.
  await expect
    .poll(async () => page.evaluate(() => Object.values(localStorage).join('\n')))
    .toContain('/reset-password');
  expect(await page.evaluate(() => Object.values(localStorage).join('\n'))).not.toContain(token!);
  // The registration rule applies: a short or simple password is refused in the form.
  await page.getByLabel('New password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm new password').fill('abc');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password must be at least 8 characters', { exact: true })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('aaaaaaaa');
  await page.getByLabel('Confirm new password').fill('aaaaaaaa');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Password requirements' })).toContainText('At least 8 characters');
  await page.getByLabel('New password', { exact: true }).fill('N3w!Password');
  await page.getByLabel('Confirm new password').fill('N3w!Passwor');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText("Passwords don't match", { exact: true })).toBeVisible();
  await page.getByLabel('Confirm new password').fill('N3w!Password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Reset Successful' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });
  expect(analyticsBodies.join('\n')).not.toContain(token!);

  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('N3w!Password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByTestId('greeting')).toHaveText('Welcome Drew');

  // The link is single-use.
  await page.goto(`/reset-password?token=${token}`);
  await page.getByLabel('New password', { exact: true }).fill('Another1!');
  await page.getByLabel('Confirm new password').fill('Another1!');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This reset link has expired. Please request a new password reset.' })).toBeVisible();
});
