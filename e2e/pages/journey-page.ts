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

  /** Chooses a driver in the select of the panel. */
  async chooseDriver(name: string): Promise<void> {
    await this.panel().locator('select[name="driver"]').selectOption({ label: name });
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

  /** Opens the journey's page without waiting for anything (the first read may be meant to fail). */
  async openAt(id: number | string): Promise<void> {
    await this.page.goto(`journey/${id}`, { waitUntil: 'commit' });
  }

  /** The 'Try again' of a failed read: the journey's, or within the panel its vehicles' or its drivers'. */
  retryButton(within: Locator | Page = this.page): Locator {
    return within.locator('.alert').getByRole('button', { name: /^(Try again|Intentar de nuevo)$/ });
  }

  /** The offer form (express interest, click and claim, or the edit of a pending interest). */
  offerForm(): Locator {
    return this.panel().getByTestId('journey-offer');
  }

  /** A vehicle of the offer by its registration (a React Aria radio: `data-selected` when chosen). */
  vehicleChoice(registration: string): Locator {
    return this.panel().locator(`.journey-choice[data-registration="${registration}"]`);
  }

  priceField(): Locator {
    return this.panel().getByLabel('Your price (optional)', { exact: true });
  }

  returnPriceField(): Locator {
    return this.panel().getByLabel('Your price for the return leg (optional)', { exact: true });
  }

  /** The people option chosen in the offer ('One person' or 'Two people'). */
  chosenPeople(): Locator {
    return this.panel().locator('.journey-people .journey-choice[data-selected="true"]');
  }

  /** The claim's 'Take the return leg too' box and its input. */
  returnLegBox(): Locator {
    return this.panel().locator('.journey-checkbox');
  }

  returnLegInput(): Locator {
    return this.returnLegBox().locator('input');
  }

  /** What the driver select of the panel shows (the chosen driver, or its placeholder). */
  chosenDriver(): Locator {
    return this.panel().locator('select[name="driver"] option:checked');
  }

  /** The pending interest's facts (vehicle, price, people, when expressed). */
  interestFacts(): Locator {
    return this.page.getByTestId('journey-interest');
  }

  editInterestButton(): Locator {
    return this.page.getByRole('button', { name: /^(Edit interest|Editar interés)$/ });
  }

  /** Closes the edit of an interest unchanged. */
  discardEditButton(): Locator {
    return this.panel().locator('.journey-discard');
  }

  currentDriver(): Locator {
    return this.page.getByTestId('journey-current-driver');
  }

  driverPanel(): Locator {
    return this.page.getByTestId('journey-driver');
  }

  assignDriverButton(): Locator {
    return this.driverPanel().getByRole('button', { name: 'Assign driver' });
  }

  confirmDriverButton(): Locator {
    return this.driverPanel().getByRole('button', { name: 'Confirm driver' });
  }

  /** The hand-back dialogue's 'Keep the journey'. */
  keepJourneyButton(): Locator {
    return this.dialog().getByRole('button', { name: 'Keep the journey' });
  }

  handBackNote(): Locator {
    return this.dialog().getByLabel('Note (optional)');
  }

  tracking(): Locator {
    return this.page.getByTestId('journey-tracking');
  }
}
