import { expect, type Page } from '@playwright/test';

/** The partner dashboard. */
export class DashboardPage {
  constructor(private readonly page: Page) {}

  async expectGreeting(firstName: string, language: 'en' | 'es' = 'en'): Promise<void> {
    await expect(
      this.page.getByRole('heading', { level: 1, name: `${language === 'en' ? 'Hello' : 'Hola'}, ${firstName}` }),
    ).toBeVisible();
  }

  card(name: 'find-work' | 'reservations' | 'manage-work') {
    return this.page.getByTestId(`card-${name}`);
  }

  banner(name: 'unverified' | 'missing' | 'expiring' | 'expired') {
    return this.page.getByTestId(`banner-${name}`);
  }

  counter(key: string) {
    return this.page.locator(`.counter-list [data-counter="${key}"]`);
  }

  topBarCounter(key: string) {
    return this.page.locator(`.counter-badges [data-counter="${key}"]`);
  }

  async openUserMenu(): Promise<void> {
    await this.page.locator('.user-menu-button').click();
    await expect(this.page.getByRole('menu')).toBeVisible();
  }

  async chooseMenuItem(name: string): Promise<void> {
    await this.openUserMenu();
    await this.page.getByRole('menuitemradio', { name }).or(this.page.getByRole('menuitem', { name })).click();
  }
}
