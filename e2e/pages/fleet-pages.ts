import { expect, type Locator, type Page } from '@playwright/test';

/** The toasts (machines/toasts), shared by both fleet pages. */
const toast = (page: Page, text: string | RegExp): Locator => page.locator('.toast').filter({ hasText: text });

/** My vehicles (/vehicles), as a partner uses it. Fields are found by name, so it works in every language. */
export class VehiclesPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('vehicles');
    await expect(this.page.locator('main h1')).toBeVisible();
    await expect(this.page.locator('.fleet-list')).toBeVisible();
  }

  card(registration: string): Locator {
    return this.page.locator(`article[data-registration="${registration}"]`);
  }

  form(): Locator {
    return this.page.getByTestId('vehicle-form');
  }

  async openAdd(): Promise<void> {
    await this.page.getByTestId('vehicle-add').click();
    await expect(this.form()).toBeVisible();
  }

  async openEdit(registration: string): Promise<void> {
    await this.card(registration)
      .getByRole('button', { name: `Edit ${registration}` })
      .click();
    await expect(this.form()).toBeVisible();
  }

  field(name: string): Locator {
    return this.form().locator(`input[name="${name}"]`);
  }

  async fill(values: Readonly<Record<string, string>>): Promise<void> {
    for (const [name, value] of Object.entries(values)) await this.field(name).fill(value);
  }

  /** A select of the form (size, category): picks the option by its words. */
  async choose(name: 'type' | 'category', option: string): Promise<void> {
    await this.form().locator(`[data-field="${name}"] select`).selectOption({ label: option });
  }

  async check(label: string): Promise<void> {
    await this.form().getByText(label, { exact: true }).click();
  }

  /** The message under a field of the form. */
  messageOf(name: string): Locator {
    return this.form().locator(`[data-field="${name}"] .field-error`);
  }

  async save(): Promise<void> {
    await this.page.getByTestId('vehicle-save').click();
  }

  async remove(registration: string): Promise<void> {
    await this.card(registration)
      .getByRole('button', { name: `Remove ${registration}` })
      .click();
    await this.page.getByTestId('vehicle-remove-confirm').click();
  }

  toast(text: string | RegExp): Locator {
    return toast(this.page, text);
  }
}

/** My drivers (/drivers), as a partner uses it. */
export class DriversPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('drivers');
    await expect(this.page.locator('main h1')).toBeVisible();
    await expect(this.page.locator('.fleet-list')).toBeVisible();
  }

  card(name: string): Locator {
    return this.page.locator(`article[data-driver-name="${name}"]`);
  }

  status(name: string): Locator {
    return this.card(name).getByTestId('driver-status');
  }

  vehicle(name: string): Locator {
    return this.card(name).getByTestId('driver-vehicle');
  }

  async deactivate(name: string): Promise<void> {
    await this.card(name).getByRole('button', { name: 'Deactivate' }).click();
    await this.page.getByTestId('driver-deactivate-confirm').click();
  }

  async reactivate(name: string): Promise<void> {
    await this.card(name).getByRole('button', { name: 'Reactivate' }).click();
  }

  async assign(name: string, registration: string): Promise<void> {
    await this.card(name).getByRole('button', { name: 'Assign vehicle' }).click();
    const dialog = this.page.getByTestId('driver-assign');
    const select = dialog.locator('[data-field="vehicle_id"] select');
    const label = await select.locator('option', { hasText: new RegExp(`^${registration}`) }).textContent();
    await select.selectOption({ label: label! });
    await dialog.getByTestId('driver-assign-confirm').click();
  }

  async unassign(name: string): Promise<void> {
    await this.card(name).getByRole('button', { name: 'Unassign vehicle' }).click();
  }

  toast(text: string | RegExp): Locator {
    return toast(this.page, text);
  }
}
