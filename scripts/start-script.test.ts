import { describe, expect, it } from 'vitest';
import { withScript } from './start-script';

describe('the start-up script under its hashed name', () => {
  it('names the hashed file where index.html named the plain one, under the same base', () => {
    const html =
      '<head><script src="/tpp/intl-warm.js"></script><script type="module" src="/tpp/assets/a.js"></script>';
    expect(withScript(html, 'intl-warm.js', 'assets/intl-warm-Ab12.js')).toBe(
      '<head><script src="/tpp/assets/intl-warm-Ab12.js"></script><script type="module" src="/tpp/assets/a.js"></script>',
    );
  });

  it('fails the build when index.html no longer loads the script', () => {
    expect(() => withScript('<script src="/tpp/other.js"></script>', 'intl-warm.js', 'x')).toThrow(/intl-warm\.js/);
    // a name that only looks alike (the dot is not a wildcard)
    expect(() => withScript('<script src="/tpp/intl-warmXjs"></script>', 'intl-warm.js', 'x')).toThrow();
  });
});
