import { describe, expect, it } from 'vitest';
import { partOf, partsOf } from './chunk-modules';

describe('what a first load is made of', () => {
  it.each([
    ['node_modules/react-dom/cjs/react-dom-client.production.js', 'React'],
    ['node_modules/scheduler/index.js', 'React'],
    ['node_modules/react-aria/dist/private/focus/FocusScope.mjs', 'React Aria'],
    ['node_modules/@react-aria/focus/dist/FocusScope.mjs', 'React Aria'],
    ['node_modules/@internationalized/date/dist/CalendarDate.mjs', 'React Aria'],
    ['node_modules/effect/dist/esm/Schema.js', 'Effect'],
    ['node_modules/@xstate/react/dist/xstate-react.esm.js', 'XState'],
    ['node_modules/@formatjs/intl/lib/src/message.js', 'react-intl'],
    ['\0messages/en-shell.js', 'messages'],
    ['\0messages/es-find-work--find-work-page.js', 'messages'],
    ['src/pages/find-work/find-work-page.tsx', 'portal'],
    ['machines/auth/auth.machine.ts', 'portal'],
    ['node_modules/ky/distribution/index.js', 'other'],
    ['node_modules/.pnpm/react@19/node_modules/react/index.js', 'React'],
    ['\0rolldown/runtime.js', 'other'],
  ])('%s is %s', (id, part) => {
    expect(partOf(id)).toBe(part);
  });

  it("shares a chunk's compressed size out by what each module rendered", () => {
    const parts = partsOf(
      {
        'node_modules/react-dom/index.js': 600,
        'node_modules/effect/dist/esm/Schema.js': 300,
        'src/main.tsx': 100,
      },
      2000,
    );
    expect(Object.fromEntries(parts)).toEqual({ React: 1200, Effect: 600, portal: 200 });
    expect(partsOf({}, 500).size).toBe(0);
  });
});
