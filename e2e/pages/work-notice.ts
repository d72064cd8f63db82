import type { Locator, Page } from '@playwright/test';

/**
 * The notice of why work is closed (src/components/onboarding-notice.tsx, through src/app/work-notice.tsx): on find
 * work (test id `onboarding-notice`), a job's page, a journey and the reservation wizard (`work-notice`).
 */
export class WorkNotice {
  constructor(
    private readonly page: Page,
    private readonly testId: 'work-notice' | 'onboarding-notice' = 'work-notice',
  ) {}

  root(): Locator {
    return this.page.getByTestId(this.testId);
  }

  /** The line of one reason of the work rule. */
  reason(reason: 'suspended' | 'documents' | 'vehicle' | 'terms' | 'not-a-partner'): Locator {
    const id =
      reason === 'suspended' || reason === 'not-a-partner'
        ? `work-${reason}`
        : `missing-${reason === 'vehicle' ? 'vehicle' : reason}`;
    return this.root().getByTestId(id);
  }

  link(name: string | RegExp): Locator {
    return this.root().getByRole('link', { name });
  }
}
