import { expect, type Page } from '@playwright/test';

/** New-work alerts as a partner meets them: the top bar's counter, the "Alert me" switches and the alerts page. */
export class AlertsPage {
  constructor(private readonly page: Page) {}

  async open(heading = 'New work alerts'): Promise<void> {
    await this.page.goto('find-work/alerts');
    await expect(this.page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }

  /** The top bar's link to the alerts page, with the unseen count. */
  badge() {
    return this.page.locator('.top-bar [data-counter="new-work-alerts"]');
  }

  /** Shows the count the top bar's badge shows, in its visible text. */
  async expectBadgeCount(count: number): Promise<void> {
    await expect(this.badge().locator('b')).toHaveText(String(count));
  }

  async openFromBadge(): Promise<void> {
    await this.badge().click();
    await expect(this.page).toHaveURL(/\/tpp\/find-work\/alerts$/);
  }

  /** The "Alert me" switch of a saved search on the find-work page (by the search's name). */
  alertSwitch(searchName: string, label = 'Alert me') {
    return this.page.getByRole('switch', { name: `${label}: ${searchName}` });
  }

  async turnOnAlert(searchName: string): Promise<void> {
    const toggle = this.alertSwitch(searchName);
    await expect(toggle).not.toBeChecked();
    const saved = this.page.waitForResponse(
      (r) => /\/v1\/saved-searches\/\d+\/alert$/.test(r.url()) && r.request().method() === 'POST',
    );
    // React Aria keeps the input visually hidden: the label is what a partner clicks
    await this.page.locator('label.alert-switch', { has: toggle }).click();
    expect((await saved).ok()).toBe(true);
    await expect(toggle).toBeChecked();
  }

  cards() {
    return this.page.locator('.alert-card');
  }

  card(listingId: number) {
    return this.page.locator(`.alert-card[data-listing-id="${listingId}"]`);
  }

  newMark(listingId: number) {
    return this.card(listingId).locator('.new-mark');
  }

  emptyState() {
    return this.page.locator('.alerts-empty');
  }
}
