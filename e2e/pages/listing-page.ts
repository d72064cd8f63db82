import { expect, type Locator, type Page } from '@playwright/test';

/** A job's page of find work (/find-work/listing/:id), as a partner uses it. */
export class ListingPage {
  constructor(private readonly page: Page) {}

  async open(id: number | string): Promise<void> {
    await this.page.goto(`find-work/listing/${id}`);
  }

  heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  price(): Locator {
    return this.page.getByTestId('listing-price');
  }

  bookNow(): Locator {
    return this.page.getByRole('button', { name: /^(Book now|Reservar ahora)$/ });
  }

  dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  confirmButton(): Locator {
    return this.page.getByTestId('book-confirm');
  }

  /** Opens the confirmation with the keyboard (Enter on Book now); focus must be in the dialogue. */
  async openConfirmationWithKeyboard(): Promise<void> {
    await this.bookNow().focus();
    await this.page.keyboard.press('Enter');
    await expect(this.dialog()).toBeVisible();
    await expect.poll(() => this.dialog().evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }

  /** Tabs to the confirm button (focus stays in the dialogue on the way) and presses Enter. */
  async confirmWithKeyboard(): Promise<void> {
    for (let i = 0; i < 4; i += 1) {
      if (await this.confirmButton().evaluate((b) => b === document.activeElement)) break;
      await this.page.keyboard.press('Tab');
      expect(await this.dialog().evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await expect(this.confirmButton()).toBeFocused();
    await this.page.keyboard.press('Enter');
  }

  bookedNotice(): Locator {
    return this.page.getByTestId('listing-booked');
  }

  unavailableNotice(): Locator {
    return this.page.getByTestId('listing-unavailable');
  }

  quoteField(): Locator {
    return this.page.locator('input[name="quote"]');
  }

  async sendQuote(text: string): Promise<void> {
    await this.quoteField().fill(text);
    await this.quoteField().press('Enter');
  }

  quoteError(): Locator {
    return this.page.locator('.job-quote-form .field-error');
  }

  myQuote(): Locator {
    return this.page.getByTestId('listing-my-quote');
  }

  quoteCount(): Locator {
    return this.page.getByTestId('listing-quote-count');
  }

  toast(text: string | RegExp): Locator {
    return this.page.locator('.toast').filter({ hasText: text });
  }
}
