import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/login-page';

const DIST = join(import.meta.dirname, '..', 'dist');

test('the built portal carries no secret, password, hash, connection string or private key', () => {
  const files = readdirSync(join(DIST, 'assets')).filter((f) => /\.(js|css|map)$/.test(f));
  expect(files.length).toBeGreaterThan(3);
  const forbidden = [
    /demo1234/,
    /scrypt\$/,
    /password_hash/i,
    /postgres(ql)?:\/\//i,
    /DATABASE_URL/,
    /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
    /client_secret["']?\s*[:=]\s*["'][^"']+["']/,
  ];
  for (const file of files) {
    const text = readFileSync(join(DIST, 'assets', file), 'utf8');
    for (const pattern of forbidden)
      expect(`${file}: ${pattern.test(text) ? pattern : 'clean'}`).toBe(`${file}: clean`);
  }
});

test('with prefers-reduced-motion the portal turns its transitions off', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await new LoginPage(page).open();
  const duration = await page.evaluate(() => {
    const probe = document.createElement('div');
    probe.className = 'progress-bar-fill';
    document.body.append(probe);
    return getComputedStyle(probe).transitionDuration;
  });
  expect(parseFloat(duration)).toBeLessThan(0.001);
});

test('keyboard focus is visible', async ({ page }) => {
  await new LoginPage(page).open();
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus-visible');
  await expect(focused).toHaveCount(1);
  const outline = await focused.evaluate(
    (el) => getComputedStyle(el).outlineStyle + ' ' + getComputedStyle(el).outlineWidth,
  );
  expect(outline).toMatch(/^solid [1-9]/);
});
