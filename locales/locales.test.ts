import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import es from './es.json';

/** Every key in every locale file, so a message missing in one language fails here, not in front of a partner. */
describe('locale files', () => {
  it('have the same keys in English and Spanish', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
  });

  it('have no empty messages', () => {
    for (const [key, value] of [...Object.entries(en), ...Object.entries(es)]) expect(value, key).not.toBe('');
  });

  it('keep the same placeholders in both languages', () => {
    const names = (elements: MessageFormatElement[]): string[] =>
      elements.flatMap((el) => [
        ...('value' in el && typeof el.value === 'string' && el.type !== 0 ? [el.value] : []),
        ...('options' in el ? Object.values(el.options).flatMap((o) => names(o.value)) : []),
      ]);
    const placeholders = (m: string) => [...new Set(names(parse(m)))].sort();
    for (const [key, value] of Object.entries(en)) {
      expect(placeholders((es as Record<string, string>)[key]!), key).toEqual(placeholders(value));
    }
  });
});
