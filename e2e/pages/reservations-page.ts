import { expect, type Locator, type Page } from '@playwright/test';

/** The reservation pages (/reservations, /reservations/historic, /reservations/create), as a partner uses them. */
export class ReservationsPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('reservations');
  }

  async openHistoric(): Promise<void> {
    await this.page.goto('reservations/historic');
  }

  heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  /** The current list's week group: this week, next week, future. */
  week(group: 'thisWeek' | 'nextWeek' | 'future'): Locator {
    return this.page.getByTestId(`week-${group}`);
  }

  cards(): Locator {
    return this.page.getByTestId('reservation-card');
  }

  card(id: number): Locator {
    return this.page.locator(`[data-testid="reservation-card"][data-reservation-id="${id}"]`);
  }

  status(card: Locator): Locator {
    return card.getByTestId('reservation-status');
  }

  async expectStatus(id: number, status: string, options?: { timeout: number }): Promise<void> {
    await expect(this.status(this.card(id))).toHaveAttribute('data-status', status, options);
  }

  dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  /** Opens the cancel dialogue of a reservation, chooses a reason (its label) and writes a note; does not confirm. */
  async startCancel(id: number, reason: string, note: string): Promise<void> {
    await this.card(id)
      .getByRole('button', { name: /^(Cancel reservation|Cancelar reserva)$/ })
      .click();
    await expect(this.dialog()).toBeVisible();
    await this.chooseReason(reason);
    await this.dialog().locator('textarea[name="cancel-note"]').fill(note);
  }

  async chooseReason(reason: string): Promise<void> {
    await this.dialog()
      .locator('label.resv-radio')
      .filter({ has: this.page.getByText(reason, { exact: true }) })
      .click();
  }

  async confirmCancel(): Promise<void> {
    await this.page.getByTestId('cancel-confirm').click();
  }

  offer(id: number): Locator {
    return this.card(id).getByTestId('return-offer');
  }

  countdown(id: number): Locator {
    return this.card(id).getByTestId('offer-countdown');
  }

  /** Opens the edit dialogue of a reservation. */
  async startEdit(id: number): Promise<void> {
    await this.card(id)
      .getByRole('button', { name: /^(Change|Cambiar)$/ })
      .click();
    await expect(this.page.getByTestId('edit-dialog')).toBeVisible();
  }

  /** A choice of the edit dialogue's radio group (`edit-timing`, `edit-finish`, `edit-people`), by its label. */
  async chooseInEdit(group: string, label: string): Promise<void> {
    await this.dialog()
      .locator(`.resv-choice:has(input[name="${group}"]) label.resv-radio`, { hasText: label })
      .click();
  }

  /** A time of the edit dialogue (`Start time`, `End time`), by its label. */
  async chooseEditTime(label: string, time: string): Promise<void> {
    await this.dialog()
      .getByRole('combobox', { name: new RegExp(label) })
      .selectOption({ label: time });
  }

  /** The message beside a field of the edit dialogue (`edit-endTime` …). */
  editMessageOf(name: string): Locator {
    return this.dialog().locator(`[data-field="${name}"] .field-error`);
  }

  async checkEdit(): Promise<void> {
    await this.page.getByTestId('edit-check').click();
  }

  editPreview(): Locator {
    return this.page.getByTestId('edit-preview');
  }

  async confirmEdit(): Promise<void> {
    await this.page.getByTestId('edit-confirm').click();
  }

  /** The start or end fact of a card (`Start`, `End`). */
  fact(id: number, label: string): Locator {
    return this.card(id)
      .locator('.resv-facts > div', { has: this.page.locator('dt', { hasText: label }) })
      .locator('dd');
  }

  async acceptOffer(id: number): Promise<void> {
    await this.card(id).getByRole('button', { name: 'Accept offer' }).click();
    await expect(this.page.getByTestId('offer-dialog')).toBeVisible();
  }

  toast(text: string | RegExp): Locator {
    return this.page.locator('.toast').filter({ hasText: text });
  }

  pageLabel(): Locator {
    return this.page.getByTestId('historic-page');
  }

  range(): Locator {
    return this.page.getByTestId('historic-range');
  }

  async openHistoricPage(page: number): Promise<void> {
    await this.page.goto(`reservations/historic?page=${page}`);
  }

  async nextPage(): Promise<void> {
    await this.page.getByRole('button', { name: 'Next page' }).click();
  }

  async previousPage(): Promise<void> {
    await this.page.getByRole('button', { name: 'Previous page' }).click();
  }
}

/** The create wizard (/reservations/create). */
export class CreateReservationPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('reservations/create');
    await expect(this.step()).toHaveText(/Your request|Tu solicitud/);
  }

  step(): Locator {
    return this.page.getByTestId('wizard-step');
  }

  async chooseVehicle(registration: string): Promise<void> {
    await this.page.locator('label.resv-radio', { hasText: registration }).click();
  }

  day(date: string): Locator {
    return this.page.locator(`label.resv-day:has(input[value="${date}"])`);
  }

  async toggleDay(date: string): Promise<void> {
    await this.day(date).click();
  }

  async choose(group: string, label: string): Promise<void> {
    await this.page.locator(`.resv-choice:has(input[name="${group}"]) label.resv-radio`, { hasText: label }).click();
  }

  field(name: string): Locator {
    return this.page.locator(`input[name="${name}"]`);
  }

  /** A time or time-on-site select, by its label: picks the option. */
  async chooseOption(label: string, option: string): Promise<void> {
    await this.page.getByRole('combobox', { name: new RegExp(label) }).selectOption({ label: option });
  }

  /** The message beside a field (its error text). */
  messageOf(name: string): Locator {
    return this.page.locator(`[data-field="${name}"] .field-error`);
  }

  async addPrivateJob(): Promise<void> {
    await this.page.getByRole('button', { name: 'Add a private job' }).click();
  }

  next(): Locator {
    return this.page.getByTestId('wizard-next');
  }

  reviewDays(): Locator {
    return this.page.getByTestId('review-day');
  }

  reviewDay(date: string): Locator {
    return this.page.locator(`[data-testid="review-day"][data-date="${date}"]`);
  }

  async removeDay(date: string): Promise<void> {
    await this.reviewDay(date).getByRole('button').click();
  }

  submit(): Locator {
    return this.page.getByTestId('wizard-submit');
  }

  submitted(): Locator {
    return this.page.getByTestId('wizard-submitted');
  }

  /** The set-up could not be loaded: the error with its retry. */
  loadFailed(): Locator {
    return this.page.getByRole('alert').filter({ hasText: 'We could not load your reservations.' });
  }

  async retryLoading(): Promise<void> {
    await this.loadFailed().getByRole('button', { name: 'Try again' }).click();
  }

  /** The vehicle choices, in the order shown. */
  vehicles(): Locator {
    return this.page.locator('.resv-choice:has(input[name="vehicle"]) label.resv-radio');
  }

  /** The days ticked at step 1, as their checkboxes (`value` is the date). */
  selectedDayInputs(): Locator {
    return this.page.locator('label.resv-day[data-selected="true"] input');
  }

  /** The hint under a text field (a postcode's "Found: …", its look-up under way, or the field's own hint). */
  descriptionOf(name: string): Locator {
    return this.page.locator(`[data-field="${name}"] .field-description`);
  }

  /** Every rule message shown at step 1, one per line, whichever field it is beside. */
  ruleMessages(): Locator {
    return this.page.locator('.resv-form .field-error-line');
  }

  /** The count of problems shown above Next once Next was pressed with broken rules. */
  problems(): Locator {
    return this.page.getByTestId('request-problems');
  }

  privateJob(): Locator {
    return this.page.getByTestId('private-job');
  }

  async removePrivateJob(): Promise<void> {
    await this.page.getByRole('button', { name: 'Remove private job' }).click();
  }

  /** Step 2 back to step 1, keeping the request. */
  backToRequest(): Locator {
    return this.page.getByRole('button', { name: 'Back to your request' });
  }

  /** After step 3: a new request. */
  async makeMore(): Promise<void> {
    await this.page.getByRole('button', { name: 'Make more reservations' }).click();
  }
}
