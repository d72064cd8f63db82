import ts from 'typescript';
import type { Plugin } from 'vite';

/** A machine's module: `machines/<flow>/<name>.machine.ts`. */
export const MACHINE_MODULE = /[\\/]machines[\\/][^\\/]+[\\/][^\\/]+\.machine\.ts$/;

/** A text written in the source: a string, a template without `${}`, or such texts joined with `+`. */
function isWrittenText(node: ts.Expression): boolean {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return true;
  if (ts.isParenthesizedExpression(node)) return isWrittenText(node.expression);
  return (
    ts.isBinaryExpression(node) &&
    node.operatorToken.kind === ts.SyntaxKind.PlusToken &&
    isWrittenText(node.left) &&
    isWrittenText(node.right)
  );
}

/** `….createMachine(config)` or `createMachine(config)`. */
function isCreateMachineCall(node: ts.Node): node is ts.CallExpression {
  if (!ts.isCallExpression(node)) return false;
  const callee = node.expression;
  const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : '';
  return name === 'createMachine';
}

/**
 * The machine module without the `description` texts of its machine's config: every `description: '…'` property
 * written inside the config object handed to `createMachine`, with its comma. Only written texts go (a description
 * computed from something else stays), and nothing outside `createMachine`'s first argument is touched. Returns the
 * source unchanged when it has none.
 */
export function stripMachineDescriptions(source: string, fileName = 'machine.ts'): string {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const cuts: { start: number; end: number }[] = [];
  const inConfig = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'description') {
      if (isWrittenText(node.initializer)) {
        // the property and the comma after it, if any
        const after = source.slice(node.end).match(/^\s*,/);
        cuts.push({ start: node.getStart(file), end: node.end + (after ? after[0].length : 0) });
        return;
      }
    }
    ts.forEachChild(node, inConfig);
  };
  const find = (node: ts.Node): void => {
    if (isCreateMachineCall(node) && node.arguments[0]) {
      inConfig(node.arguments[0]);
      ts.forEachChild(node.expression, find);
      return;
    }
    ts.forEachChild(node, find);
  };
  find(file);
  if (cuts.length === 0) return source;
  let out = '';
  let at = 0;
  for (const cut of cuts.sort((a, b) => a.start - b.start)) {
    out += source.slice(at, cut.start);
    at = cut.end;
  }
  return out + source.slice(at);
}

/**
 * Leaves the machines' state and transition descriptions out of the built portal. They are the machines' docs: the
 * machines page, the docs under docs/machines and the model-test reports read them from the source at build time
 * (scripts/machines/), and nothing in the running portal reads a machine's `description`. Shipping them cost 1.2 KB
 * gzip on every page's first load (the shell's machines) and up to 1.2 KB more on a page with a large machine (find
 * work). Build only: the dev server, the docs generator and the tests load the machines as written.
 */
export function machineDescriptions(): Plugin {
  return {
    name: 'tpp:strip-machine-descriptions',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!MACHINE_MODULE.test(id.split('?')[0]!)) return null;
      const stripped = stripMachineDescriptions(code, id);
      return stripped === code ? null : { code: stripped, map: null };
    },
  };
}
