import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ORIGIN } from '../ports';

/**
 * The sign-up wizard, the verify-e-mail page and the password-reset page, as a new partner uses them. Fields are found
 * by their name (`[data-field=…]`), so the page object works in every language.
 */
export class SignUpPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('sign-up');
    await expect(this.page.locator('main h1')).toBeVisible();
  }

  field(name: string) {
    return this.page.locator(`[data-field="${name}"]`);
  }

  input(name: string) {
    return this.field(name).locator('input').first();
  }

  async fill(values: Record<string, string>): Promise<void> {
    for (const [name, value] of Object.entries(values)) await this.input(name).fill(value);
  }

  /** A select field: pick the option by its text. */
  async choose(name: string, option: string): Promise<void> {
    await this.field(name).locator('select').selectOption({ label: option });
  }

  /** A checkbox by its field name (`day_mon`, `international_work`). */
  async tick(name: string): Promise<void> {
    await this.field(name).locator('label').click();
  }

  fieldError(name: string) {
    return this.field(name).locator('.field-error');
  }

  async next(): Promise<void> {
    await this.page.locator('form button[type=submit]').click();
  }

  async back(): Promise<void> {
    await this.page.getByRole('button', { name: 'Back' }).click();
  }

  /** The step the wizard shows (its form's data-step). */
  async expectStep(step: 'login' | 'details' | 'vehicle' | 'insurance' | 'identity'): Promise<void> {
    await expect(this.page.locator(`form[data-step="${step}"]`)).toBeVisible();
  }
}

export interface OutboxMail {
  readonly id: number;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/** The developers' outbox (GET /dev/outbox?to=): the newest mail to `to`, waiting for it to arrive. */
export async function newestMail(request: APIRequestContext, to: string, subject: string): Promise<OutboxMail> {
  let mail: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`${ORIGIN}/dev/outbox?to=${encodeURIComponent(to)}`);
      const { data } = (await response.json()) as { data: OutboxMail[] };
      mail = data.find((m) => m.subject === subject);
      return mail !== undefined;
    })
    .toBe(true);
  return mail!;
}

/** The link of a mail to a portal page, e.g. `/tpp/verify-email?token=…`. */
export const linkIn = (mail: OutboxMail, page: 'verify-email' | 'password-reset'): string => {
  const match = new RegExp(`https?://[^\\s]+/tpp/${page}\\?token=[A-Za-z0-9_-]+`).exec(mail.text);
  if (!match) throw new Error(`no ${page} link in "${mail.subject}"`);
  return match[0];
};
