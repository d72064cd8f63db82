import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

/** The sign-in page, as a partner uses it. */
export class LoginPage {
  constructor(private readonly page: Page) {}

  async open(query = ''): Promise<void> {
    await this.page.goto(`login${query}`);
    await expect(this.page.getByRole('heading', { name: 'Sign in to your partner account' })).toBeVisible();
  }

  async signIn(email: string, password = DEMO_PASSWORD): Promise<void> {
    // by field name, so the page object works in every language
    await this.page.locator('input[name=email]').fill(email);
    await this.page.locator('input[name=password]').fill(password);
    await this.page.locator('form button[type=submit]').click();
  }

  alert() {
    return this.page.getByRole('alert');
  }

  storedToken(): Promise<string | null> {
    return this.page.evaluate(() => localStorage.getItem('_token.local'));
  }
}

/**
 * Signs the browser in without the sign-in page: the session cookie from POST /login lands in the page's context (its
 * request client shares the cookies), and the next page the test opens restores the session from it, as a reload
 * would. For the sweeps over every route, whose subject is the page after sign-in; the sign-in page itself has its
 * own tests (sign-in.spec.ts, auth.model.spec.ts).
 */
export async function signInByCookie(page: Page, email: string, origin: string): Promise<void> {
  const res = await page.request.post(`${origin}/login`, {
    data: { email, password: DEMO_PASSWORD },
    headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json', Origin: origin },
  });
  expect(res.ok(), `sign-in as ${email}`).toBe(true);
}
