import { expect, type Page, type Response } from '@playwright/test';

/** One result row as POST v1/jobs answers it: what the tests check the page against. */
export interface JobRow {
  readonly id: number;
  readonly kind: string;
  readonly category: string;
  readonly pickup: { lat: number; lng: number };
  readonly price: { amount: number };
}
export interface JobsAnswer {
  readonly data: JobRow[];
  readonly meta: { page: number; limit: number; total: number };
}

/** The find-work page (spec §2 /find-work). */
export class FindWorkPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('find-work');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Find work' })).toBeVisible();
  }

  /** Types a place into the From field and picks the first option that starts with it. */
  /** Types a place into the From field, picks the first option that starts with it, and returns that place's point. */
  async choosePickup(town: string): Promise<{ lat: number; lng: number }> {
    const input = this.page.locator('input[name="pickup-place"]');
    await input.fill('');
    const places = this.page.waitForResponse(
      (r) => r.url().includes('/v1/places?') && r.url().includes(encodeURIComponent(town)),
    );
    await input.fill(town);
    const { data } = (await (await places).json()) as { data: Array<{ town: string; lat: number; lng: number }> };
    // The text arrives in one go, as a paste does: the list opens when the look-up answers (place-field.tsx).
    await this.page
      .getByRole('option', { name: new RegExp(`^${town}`) })
      .first()
      .click();
    const place = data.find((p) => p.town.startsWith(town));
    if (!place) throw new Error(`no place ${town} in the look-up`);
    return { lat: place.lat, lng: place.lng };
  }

  async chooseRadius(miles: number): Promise<void> {
    await this.page.locator('select[name="pickup-radius"]').selectOption(String(miles));
  }

  /** Leaves exactly these categories ticked. */
  async chooseCategories(labels: readonly string[]): Promise<void> {
    const details = this.page.locator('details.search-more');
    if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
    await this.page.getByRole('button', { name: 'Clear all' }).click();
    for (const label of labels) await this.page.getByRole('checkbox', { name: label, exact: true }).check();
  }

  /** Submits and returns the first page the server answered. */
  async search(): Promise<JobsAnswer> {
    const answer = this.page.waitForResponse(isJobsPage(1));
    await this.page.getByRole('button', { name: 'Search', exact: true }).click();
    return (await (await answer).json()) as JobsAnswer;
  }

  tab(name: 'Instant' | 'Auction' | 'Journeys' | 'Recommended') {
    return this.page.getByRole('tab', { name: new RegExp(`^${name}`) });
  }

  tabCount(id: 'instant' | 'auction' | 'journey' | 'recommended') {
    return this.page.getByTestId(`tab-count-${id}`);
  }

  total() {
    return this.page.getByTestId('results-total');
  }

  cards() {
    return this.page.locator('.listing-card');
  }

  card(id: number) {
    return this.page.locator(`.listing-card[data-listing-id="${id}"]`);
  }

  scroller() {
    return this.page.getByTestId('results-scroller');
  }

  map() {
    return this.page.getByTestId('results-map');
  }

  /** A field of the search form or of the active tab's filter bar, by its name (the same in every language). */
  field(name: FindWorkField) {
    return this.page.locator(`[name="${name}"]`);
  }

  searchButton() {
    return this.page.getByRole('button', { name: 'Search', exact: true });
  }

  /** The summary's badge: categories ticked out of all, then the number of narrowed filters (`23/23`, `3/23 · 1`). */
  categoriesBadge() {
    return this.page.locator('details.search-more summary .count-badge');
  }

  /** The notice or the retry of the active tab's list, and the line under the list ("All 27 jobs shown"). */
  resultsColumn() {
    return this.page.locator('.results-column');
  }

  listEnd() {
    return this.page.locator('.results-end');
  }

  dangerToasts() {
    return this.page.locator('.toast-danger');
  }

  /**
   * Types into a place field without choosing an option: waits for the look-up's answer, then leaves the list closed
   * with Escape, which keeps the text (while the list is open React Aria hides the rest of the page).
   */
  async typePlace(end: 'pickup' | 'delivery', text: string): Promise<void> {
    const input = this.field(`${end}-place`);
    const lookedUp = this.page.waitForResponse(
      (r) => r.url().includes('/v1/places?') && r.url().includes(encodeURIComponent(text)),
    );
    await input.fill(text);
    await lookedUp;
    await expect(this.page.locator('.place-field-looking')).toHaveCount(0);
    await input.press('Escape');
    await expect(this.page.getByRole('listbox')).toHaveCount(0);
  }

  /** Picks the option whose name starts with `name` from the look-up of the text already typed in a place field. */
  async choosePlace(end: 'pickup' | 'delivery', name: string): Promise<void> {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const option = this.page
      .getByRole('listbox')
      .getByRole('option', { name: new RegExp(`^${escaped}`) })
      .first();
    if (!(await option.isVisible())) {
      await this.field(`${end}-place`).focus();
      await this.field(`${end}-place`).press('ArrowDown');
    }
    await option.click();
  }

  /** Opens "Categories and filters" (a details element) when it is closed. */
  async openCategoriesAndFilters(): Promise<void> {
    const details = this.page.locator('details.search-more');
    if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
  }

  /** Scrolls the active tab's list to its end once (the list asks for the next page as its end comes into view). */
  async scrollListToEnd(): Promise<void> {
    await this.scroller().evaluate((el) => el.scrollTo(0, el.scrollHeight));
  }

  /** Applies a saved search by clicking its name in the saved-search list. */
  async applySavedSearch(name: string): Promise<void> {
    await this.page.locator(`[data-saved-search="${name}"] .saved-apply`).click();
  }

  /** Closes every toast, as a partner does before going on (a toast may lie over the page's own buttons). */
  async dismissToasts(): Promise<void> {
    const close = this.page.getByRole('button', { name: 'Dismiss notification' });
    while ((await close.count()) > 0) await close.first().click();
  }
}

export type FindWorkField =
  | 'pickup-place'
  | 'delivery-place'
  | 'pickup-radius'
  | 'delivery-radius'
  | 'date-from'
  | 'date-to'
  | 'sort'
  | 'capacity-min'
  | 'capacity-max';

/**
 * A POST v1/jobs answer for page `n` of any tab. The page number is read from the answer: the portal's request
 * body is a stream, which Playwright does not show.
 */
export const isJobsPage =
  (n: number) =>
  async (response: Response): Promise<boolean> => {
    if (!response.url().endsWith('/v1/jobs') || response.request().method() !== 'POST' || !response.ok()) return false;
    const answer = (await response.json().catch(() => null)) as JobsAnswer | null;
    return answer?.meta.page === n;
  };

/** Great-circle distance in miles, as the server measures a radius. */
export const milesBetween = (a: { lat: number; lng: number }, b: { lat: number; lng: number }): number => {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return (2 * 6371.0088 * Math.asin(Math.sqrt(h))) / 1.609344;
};
