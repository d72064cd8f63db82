import { expect, type Locator, type Page } from '@playwright/test';

export type MyJourneysTab = 'claimed' | 'interest' | 'completed';

/** The partner's journeys (/journey), as a partner uses it: tabs by name, rows by journey id. */
export class MyJourneysPage {
  constructor(private readonly page: Page) {}

  async open(tab?: MyJourneysTab): Promise<void> {
    await this.page.goto(tab ? `journey?tab=${tab}` : 'journey');
    await this.settled();
  }

  /** Waits for the tab's read to end: the list is shown (or its empty or failed state). */
  async settled(): Promise<void> {
    await expect(this.list()).toHaveAttribute('aria-busy', 'false');
  }

  heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  list(): Locator {
    return this.page.locator('.my-journeys-list');
  }

  /** A tab by the words it begins with (its count follows them). */
  tab(name: string): Locator {
    return this.page.getByRole('tab', { name: new RegExp(`^${name}`) });
  }

  async selectTab(name: string): Promise<void> {
    await this.tab(name).click();
    await expect(this.tab(name)).toHaveAttribute('aria-selected', 'true');
    await this.settled();
  }

  /** The count beside a tab's name. */
  count(tab: MyJourneysTab): Locator {
    return this.page.getByTestId(`my-journeys-count-${tab}`);
  }

  rows(): Locator {
    return this.page.getByTestId('my-journey');
  }

  row(id: number): Locator {
    return this.page.locator(`[data-testid="my-journey"][data-journey-id="${id}"]`);
  }

  /** The ids of the rows shown, top to bottom. */
  async ids(): Promise<number[]> {
    return (await this.rows().evaluateAll((rows) => rows.map((r) => r.getAttribute('data-journey-id')))).map(Number);
  }

  /** The status of each row shown, in words, top to bottom. */
  async statuses(): Promise<string[]> {
    return (await this.rows().getByTestId('my-journey-status').allTextContents()).map((s) => s.trim());
  }

  status(id: number): Locator {
    return this.row(id).getByTestId('my-journey-status');
  }

  /** Opens a journey's page from its row. */
  async openJourney(id: number): Promise<void> {
    await this.row(id).getByRole('link').click();
    await this.page.waitForURL(new RegExp(`/tpp/journey/${id}$`));
  }
}
