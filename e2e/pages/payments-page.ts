import { expect, type Locator, type Page } from '@playwright/test';

/** Payments (/payments), as a partner uses it. Locators by test id or role, so it works in either language. */
export class PaymentsPage {
  constructor(private readonly page: Page) {}

  async open(tab: 'current_week' | 'scheduled' | 'transferred' | 'invoices' = 'current_week'): Promise<void> {
    await this.page.goto(tab === 'current_week' ? 'payments' : `payments?tab=${tab}`);
    await expect(this.page.locator('main h1')).toBeVisible();
    await this.settled();
  }

  /** The tab's list has its answer. */
  async settled(): Promise<void> {
    await expect(this.page.locator('.pay-list')).toHaveAttribute('aria-busy', 'false');
  }

  async selectTab(name: string): Promise<void> {
    await this.page.getByRole('tab', { name }).click();
    await this.settled();
  }

  payouts(): Locator {
    return this.page.getByTestId('payout');
  }

  invoiceRows(): Locator {
    return this.page.getByTestId('invoice-row');
  }

  summary(which: 'current-week' | 'next' | 'last'): Locator {
    return this.page.getByTestId(`summary-${which}`);
  }

  // The CSV export side sheet.

  exportSheet(): Locator {
    return this.page.getByTestId('export-sheet');
  }

  async openExport(): Promise<Locator> {
    await this.page.getByTestId('export-open').click();
    await expect(this.exportSheet()).toBeVisible();
    return this.exportSheet();
  }

  async chooseRange(from: string, to: string): Promise<void> {
    const sheet = this.exportSheet();
    await sheet.locator('[data-field="export_from"] input').fill(from);
    await sheet.locator('[data-field="export_to"] input').fill(to);
    await sheet.locator('[data-field="export_to"] input').blur();
  }

  fieldError(field: 'export_from' | 'export_to'): Locator {
    return this.exportSheet().locator(`[data-field="${field}"] .field-error`);
  }

  // Express pay.

  autoEnrolSwitch(): Locator {
    return this.page.getByTestId('express-pay').getByRole('switch').nth(1);
  }

  async toggleAutoEnrol(): Promise<void> {
    await this.page.getByTestId('express-auto-enrol').click();
  }

  toast(text: string): Locator {
    return this.page.locator('.toast', { hasText: text });
  }
}
