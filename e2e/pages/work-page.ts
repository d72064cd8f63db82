import { expect, type Locator, type Page } from '@playwright/test';

/** Won work (/work), as a partner uses it. */
export class WorkPage {
  constructor(private readonly page: Page) {}

  async open(tab: 'active' | 'completed' | 'live_quotes' = 'active'): Promise<void> {
    await this.page.goto(tab === 'active' ? 'work' : `work?tab=${tab}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Won work' })).toBeVisible();
    await expect(this.page.locator('.work-list')).toHaveAttribute('aria-busy', 'false');
  }

  async selectTab(name: 'Active' | 'Completed' | 'Live quotes'): Promise<void> {
    await this.page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
    await expect(this.page.locator('.work-list')).toHaveAttribute('aria-busy', 'false');
  }

  /** The card of a job; pages through the tab until it shows. */
  async card(listingId: number): Promise<Locator> {
    const card = this.page.locator(`[data-testid="won-job-card"][data-listing-id="${listingId}"]`);
    for (let i = 0; i < 10 && !(await card.isVisible()); i += 1) {
      const next = this.page.getByRole('button', { name: 'Next' });
      if (!(await next.isVisible()) || (await next.isDisabled())) break;
      await next.click();
      await expect(this.page.locator('.work-list')).toHaveAttribute('aria-busy', 'false');
    }
    await expect(card).toBeVisible();
    return card;
  }

  completionDialog(): Locator {
    return this.page.getByTestId('completion-dialog');
  }

  /** Opens the completion of a job from its card and says how the job ended. */
  async startCompletion(card: Locator, how: 'as booked' | 'with an issue' | 'with an additional cost'): Promise<void> {
    await card.getByRole('button', { name: 'Complete', exact: true }).click();
    const dialog = this.completionDialog();
    await expect(dialog).toBeVisible();
    const choice = {
      'as booked': 'Done as booked',
      'with an issue': 'Done, with an issue to report',
      'with an additional cost': 'Done, with an additional cost for the customer',
    }[how];
    await dialog.getByText(choice, { exact: true }).click();
    await expect(dialog.getByRole('radio', { name: choice })).toBeChecked();
  }
}
