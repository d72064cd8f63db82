import { expect, type Locator, type Page } from '@playwright/test';

/** A journey's page (/journey/:id), as a partner uses it. */
export class JourneyPage {
  constructor(private readonly page: Page) {}

  async open(id: number | string): Promise<void> {
    await this.page.goto(`journey/${id}`);
  }

  heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  /** The allocation panel: what the partner can do now. */
  panel(): Locator {
    return this.page.locator('.journey-allocation');
  }

  async expectPanel(
    panel: 'offered' | 'pending' | 'allocated' | 'taken' | 'notEligible' | 'notOffered',
  ): Promise<void> {
    await expect(this.panel()).toHaveAttribute('data-panel', panel);
  }

  schedule(): Locator {
    return this.page.getByTestId('journey-schedule');
  }

  /** Chooses a vehicle by its registration in the offer (or the several-journeys dialogue). */
  async chooseVehicle(registration: string, within: Locator = this.panel()): Promise<void> {
    // React Aria draws the radio: its label takes the click
    const choice = within.locator('.journey-choice', { hasText: registration });
    await choice.click();
    await expect(choice).toHaveAttribute('data-selected', 'true');
  }

  /** Chooses a driver in the React Aria select of the panel. */
  async chooseDriver(name: string): Promise<void> {
    await this.panel().locator('.journey-select-button').click();
    await this.page.getByRole('option', { name }).click();
  }

  /** Chooses a labelled option of a React Aria radio group in the panel (people on the journey). */
  async chooseOption(label: string): Promise<void> {
    const choice = this.panel().locator('.journey-choice', { hasText: label });
    await choice.click();
    await expect(choice).toHaveAttribute('data-selected', 'true');
  }

  async typePrice(text: string): Promise<void> {
    await this.panel().getByLabel('Your price (optional)').fill(text);
  }

  expressInterestButton(): Locator {
    return this.page.getByTestId('journey-offer-submit');
  }

  claimButton(): Locator {
    return this.page.getByTestId('journey-offer-submit');
  }

  cancelInterestButton(): Locator {
    return this.page.getByRole('button', { name: /^(Cancel interest|Cancelar interés)$/ });
  }

  countdown(): Locator {
    return this.page.getByTestId('journey-cancel-countdown');
  }

  handBackButton(): Locator {
    return this.page.getByRole('button', { name: /^(Hand back journey|Devolver ruta)$/ });
  }

  dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  handBackCharge(): Locator {
    return this.page.getByTestId('hand-back-charge');
  }

  async chooseReason(label: string): Promise<void> {
    const choice = this.dialog().locator('.journey-choice', { hasText: label });
    await choice.click();
    await expect(choice).toHaveAttribute('data-selected', 'true');
  }

  confirmHandBack(): Locator {
    return this.page.getByTestId('hand-back-confirm');
  }

  customers(): Locator {
    return this.page.getByTestId('journey-customers');
  }

  toast(text: string | RegExp): Locator {
    return this.page.locator('.toast').filter({ hasText: text });
  }
}
