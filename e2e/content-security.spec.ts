import { expect, test } from '@playwright/test';
import { DashboardPage } from './pages/dashboard-page';
import { LoginPage } from './pages/login-page';

test('signing in, the dashboard, the user menu and a language switch break no Content-Security-Policy rule', async ({
  page,
}) => {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportViolation: (v: string) => void }).reportViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sample}`,
      ),
    );
  });
  page.on('console', (m) => m.text().includes('Content Security Policy') && violations.push(m.text()));

  const response = await page.goto('login');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await new LoginPage(page).signIn('partner@example.com');
  const dashboard = new DashboardPage(page);
  await dashboard.expectGreeting('Dan');
  await dashboard.chooseMenuItem('Español');
  await dashboard.expectGreeting('Dan', 'es');
  await page.goto('no/such/page');
  await expect(page.locator('main h1')).toBeVisible();
  expect(violations).toEqual([]);
});

test('the served index.html carries no inline script, style or event handler', async ({ request }) => {
  const html = await (await request.get('')).text();
  expect(html).toMatch(/<script type="module" crossorigin src="\/tpp\/assets\/index-[\w-]+\.js"><\/script>/);
  expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g)).toBeNull();
  expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=|javascript:/i);
});
