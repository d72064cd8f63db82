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
