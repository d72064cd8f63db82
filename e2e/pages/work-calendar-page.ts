import { expect, type Locator, type Page } from '@playwright/test';

/** A stop of the private job's first step, as a partner fills it in. */
export interface StopValues {
  readonly postcode?: string;
  /** yyyy-MM-dd; the calendar's day is there already when left out. */
  readonly date?: string;
  readonly from?: string;
  readonly to?: string;
  /** An option of the time on site, as shown (`15 minutes`); the preference is there already when left out. */
  readonly onSite?: string;
}

/**
 * The work calendar (/work-calendar) and its private job dialogues, as a partner uses them. Fields are found by their
 * names and entries by their test ids and accessible names, so the page object works in both languages.
 */
export class WorkCalendarPage {
  constructor(private readonly page: Page) {}

  /** Opens the calendar (`view=week&date=2027-07-07` …) and waits for its entries. */
  async open(query = ''): Promise<void> {
    await this.page.goto(`work-calendar${query ? `?${query}` : ''}`);
    await this.expectLoaded();
  }

  async expectLoaded(): Promise<void> {
    await expect(this.calendar()).toHaveAttribute('data-loaded', 'true');
  }

  heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  calendar(): Locator {
    return this.page.getByTestId('calendar');
  }

  period(): Locator {
    return this.page.getByTestId('calendar-period');
  }

  async chooseView(view: 'month' | 'week'): Promise<void> {
    await this.page.getByTestId(`calendar-view-${view}`).click();
    await expect(this.calendar()).toHaveAttribute('data-view', view);
    await this.expectLoaded();
  }

  async step(to: 'previous' | 'next' | 'today'): Promise<void> {
    await this.page.getByTestId(`calendar-${to}`).click();
    await this.expectLoaded();
  }

  /** A filter (`#cal-vehicle`, `#cal-driver`) set to an option by its label, or back to all with null. */
  async filter(which: 'vehicle' | 'driver', label: string | null): Promise<void> {
    const select = this.page.locator(`#cal-${which}`);
    if (label === null) await select.selectOption({ index: 0 });
    else await select.selectOption({ label });
    await this.expectLoaded();
  }

  /** The entries whose accessible name holds `text` (a private job's title, a route). */
  entries(text: string): Locator {
    return this.page.locator(`[data-testid="calendar-entry"][aria-label*="${text.replace(/"/g, '\\"')}"]`);
  }

  /** The week view's label of an hour (`9` → the 09:00 line). */
  hourLine(hour: number): Locator {
    return this.page.locator(`.cal-hour[data-hour="${hour}"]`);
  }

  /** The month view's cell of a day. */
  dayCell(date: string): Locator {
    return this.page.locator(`.cal-day[data-date="${date}"]`);
  }

  // The private job dialogues.

  async startNewPrivateJob(): Promise<void> {
    await this.page.getByTestId('new-private-job').click();
    await expect(this.jobStep()).toHaveAttribute('data-step', 'stops');
  }

  dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  jobStep(): Locator {
    return this.page.getByTestId('private-job-step');
  }

  /** A text or date field of the dialogue by its name (`pickup-postcode`, `pickup-date`, `volume`, `title`). */
  field(name: string): Locator {
    return this.dialog().locator(`[data-field="${name}"] input`);
  }

  /** The messages beside a field of the dialogue. */
  messageOf(name: string): Locator {
    return this.dialog().locator(`[data-field="${name}"] .field-error`);
  }

  /** A select of the dialogue (`pickup-from`, `vehicle` …) set to an option by its label. */
  async choose(name: string, option: string): Promise<void> {
    const select = this.dialog().locator(`[data-field="${name}"] select`);
    await select.selectOption({ label: option });
    await expect(select.locator('option:checked')).toHaveText(option);
  }

  async fillStop(stop: 'pickup' | 'delivery', values: StopValues): Promise<void> {
    if (values.postcode !== undefined) await this.field(`${stop}-postcode`).fill(values.postcode);
    if (values.date !== undefined) await this.field(`${stop}-date`).fill(values.date);
    if (values.from !== undefined) await this.choose(`${stop}-from`, values.from);
    if (values.to !== undefined) await this.choose(`${stop}-to`, values.to);
    if (values.onSite !== undefined) await this.choose(`${stop}-onSite`, values.onSite);
  }

  async next(): Promise<void> {
    await this.page.getByTestId('private-job-next').click();
  }

  async back(): Promise<void> {
    await this.dialog()
      .getByRole('button', { name: /^(Back|Atrás)$/ })
      .click();
  }

  review(): Locator {
    return this.page.getByTestId('private-job-review');
  }

  /** Saves on the review step and waits for the dialogue to close and the calendar to read again. */
  async save(): Promise<void> {
    await this.page.getByTestId('private-job-save').click();
    await expect(this.dialog()).toHaveCount(0);
    await this.expectLoaded();
  }

  /** Opens a private job from the calendar. */
  async openEntry(text: string): Promise<void> {
    await this.entries(text).first().click();
    await expect(this.page.getByTestId('private-job-facts')).toBeVisible();
  }

  detailsWindow(stop: 'pickup' | 'delivery'): Locator {
    return this.page.getByTestId(`details-${stop}-window`);
  }

  async startEdit(): Promise<void> {
    await this.page.getByTestId('private-job-edit').click();
    await expect(this.jobStep()).toHaveAttribute('data-step', 'stops');
  }

  async deleteOpenJob(): Promise<void> {
    await this.page.getByTestId('private-job-delete').click();
    await expect(this.page.getByTestId('private-job-delete-question')).toBeVisible();
    await this.page.getByTestId('private-job-delete-confirm').click();
    await expect(this.dialog()).toHaveCount(0);
    await this.expectLoaded();
  }

  /** Presses "Export .ics" and returns the file's name and text. */
  async exportIcs(): Promise<{ name: string; text: string }> {
    const download = this.page.waitForEvent('download');
    await this.page.getByTestId('calendar-export').click();
    const file = await download;
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { name: file.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
  }
}
