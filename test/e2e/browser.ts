import { chromium, type Browser, type Page } from 'playwright-core';

/** Headless Debian Chromium (apt-get install chromium). One browser per test file. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Collects uncaught page errors so a test can assert the console stayed healthy. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** Signs in through the login page and waits for the landing page. */
export async function loginUi(
  page: Page,
  baseUrl: string,
  username: string,
  password: string,
  landing = '**/token',
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.fill('input[name=username]', username);
  await page.fill('input[name=password]', password);
  await page.click('.gw-login-form button[type=submit]');
  await page.waitForURL(landing);
}

/** The text of the newest Arco toast. */
/** Waits for a toast whose text matches (earlier toasts may still be on screen) and returns its text. */
export async function toastMatching(page: Page, pattern: RegExp): Promise<string> {
  const toast = page.locator('.arco-message', { hasText: pattern }).last();
  await toast.waitFor();
  return (await toast.innerText()).trim();
}

export async function lastToast(page: Page): Promise<string> {
  const toast = page.locator('.arco-message').last();
  await toast.waitFor();
  return (await toast.innerText()).trim();
}
