import { expect, type Locator, type Page } from '@playwright/test';
import { LoginPage } from './login-page';

/** Signs in as `email` and waits for the dashboard; in any language (the sign-in form is found by field names). */
export async function signInAs(page: Page, email: string): Promise<void> {
  await page.goto('login');
  await new LoginPage(page).signIn(email);
  await page.waitForURL(/\/tpp\/$/);
}

/** The profile page (src/pages/profile/), as a partner uses it: by tab, field name and visible words. */
export class ProfilePage {
  constructor(private readonly page: Page) {}

  async open(tab: '' | 'account' | 'history' | 'reviews' | 'statistics' = ''): Promise<void> {
    await this.page.goto(tab ? `profile/${tab}` : 'profile');
    await expect(this.page.locator('main h1')).toBeVisible();
    await expect(this.summary()).toBeVisible();
  }

  summary(): Locator {
    return this.page.getByTestId('profile-summary');
  }

  address(): Locator {
    return this.page.getByTestId('profile-address');
  }

  input(name: string): Locator {
    return this.page.locator(`[data-field="${name}"] input`);
  }

  fieldError(name: string): Locator {
    return this.page.locator(`[data-field="${name}"] .field-error`);
  }

  async fill(name: string, value: string): Promise<void> {
    await this.input(name).fill(value);
    await this.input(name).blur();
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save profile' }).click();
  }

  toast(text: string | RegExp): Locator {
    return this.page.locator('.toast').filter({ hasText: text });
  }

  ratingAverage(): Locator {
    return this.page.getByTestId('rating-average');
  }

  notEnoughRatings(): Locator {
    return this.page.getByTestId('rating-not-enough');
  }

  criteria(): Locator {
    return this.page.getByTestId('rating-criteria').getByRole('listitem');
  }

  chart(testId: string): Locator {
    return this.page.getByTestId(testId);
  }

  reviews(): Locator {
    return this.page.getByTestId('review-list').locator(':scope > li');
  }
}

/** The notifications page (src/pages/notifications/): the events × channels checkboxes. */
export class NotificationsPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('notifications');
    await expect(this.page.getByTestId('notification-matrix')).toBeVisible();
  }

  /** A checkbox by its accessible name, e.g. `Payments: SMS`. */
  cell(event: string, channel: string): Locator {
    return this.page.getByRole('checkbox', { name: `${event}: ${channel}`, exact: true });
  }

  async toggle(event: string, channel: string): Promise<void> {
    // the visual box is the label: clicking it toggles the (visually hidden) input
    await this.page
      .locator('tr', { has: this.cell(event, channel) })
      .locator(`[data-channel="${channel === 'E-mail' ? 'email' : channel === 'SMS' ? 'sms' : 'in_app'}"]`)
      .click();
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save preferences' }).click();
  }

  toast(text: string | RegExp): Locator {
    return this.page.locator('.toast').filter({ hasText: text });
  }
}
