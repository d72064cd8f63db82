import { expect, test } from '@playwright/test';
import { ROUTE_TABLE as ROUTES } from '@/src/app/route-table';
import { signInByCookie } from './pages/login-page';
import { addressOf } from './route-addresses';

/**
 * Partners work from their phones: on a 390 px wide screen (an iPhone 14/15) no page of the route table scrolls
 * sideways, in either language (Spanish texts are the longer ones), and the main sections stay reachable. Each route
 * is one test: one sign-in, then the page in English and again in Spanish.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

for (const route of ROUTES) {
  test(`${route.path} fits a 390 px screen in English and Spanish`, async ({ page, baseURL }) => {
    if (route.access === 'auth') await signInByCookie(page, 'partner@example.com', new URL(baseURL!).origin);
    const address = (await addressOf(route, 'partner@example.com')).replace(/^\//, '');
    for (const language of ['en', 'es'] as const) {
      await page.context().addCookies([{ name: 'i18n_locale', value: language, url: new URL(baseURL!).origin }]);
      await page.goto(address);
      await expect(page.locator('main h1').first()).toBeVisible();
      if (route.access === 'auth') await expect(page.getByRole('navigation', { name: /Main|Principal/ })).toBeVisible();
      // measure once late content (results, counts) has arrived: nothing is busy any more (the find-work page keeps
      // its live stream open, so the network never goes idle)
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      const overflow = await page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        return {
          scrollWidth: document.documentElement.scrollWidth,
          width,
          // the widest elements that stick out, to say what broke
          culprits: [...document.querySelectorAll('body *')]
            .filter((el) => el.getBoundingClientRect().right > width + 1)
            .filter((el) => {
              // inside a strip that scrolls or clips sideways (the tab list) is fine
              for (let up = el.parentElement; up && up !== document.body; up = up.parentElement)
                if (getComputedStyle(up).overflowX !== 'visible') return false;
              return true;
            })
            .slice(0, 5)
            .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
        };
      });
      expect(overflow.culprits, language).toEqual([]);
      expect(overflow.scrollWidth, language).toBeLessThanOrEqual(overflow.width);
    }
  });
}
