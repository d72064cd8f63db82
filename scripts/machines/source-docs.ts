/**
 * JSDoc of a machine's source, for its docs. A machine object at run time has no comments: the machine's own JSDoc
 * (above `export const xMachine = setup(...)`) and the JSDoc of the guards, actions, delays and actors in its
 * `setup({...})` are read here from the file with the TypeScript parser.
 */
import ts from 'typescript';

export interface SourceDocs {
  /** The JSDoc above the export, as paragraphs. */
  readonly machine?: string;
  /** JSDoc of each implementation named in `setup({...})`, by kind and name, on one line. */
  readonly guards: Readonly<Record<string, string>>;
  readonly actions: Readonly<Record<string, string>>;
  readonly delays: Readonly<Record<string, string>>;
  readonly actors: Readonly<Record<string, string>>;
}

export const noSourceDocs: SourceDocs = { guards: {}, actions: {}, delays: {}, actors: {} };

/** Paragraphs kept, lines within a paragraph joined. */
const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n\n');

function jsDocOf(node: ts.Node): string | undefined {
  const docs = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
  const text = docs.map((d) => ts.getTextOfJSDocComment(d.comment) ?? '').join('\n\n');
  return text.trim() ? paragraphs(text) : undefined;
}

function findExport(file: ts.SourceFile, name: string): ts.Node | undefined {
  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) return statement;
    if (ts.isVariableStatement(statement))
      for (const decl of statement.declarationList.declarations)
        if (ts.isIdentifier(decl.name) && decl.name.text === name) return decl;
  }
  return undefined;
}

function findSetupObject(node: ts.Node): ts.ObjectLiteralExpression | undefined {
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'setup') {
    const arg = node.arguments[0];
    if (arg && ts.isObjectLiteralExpression(arg)) return arg;
  }
  return ts.forEachChild(node, findSetupObject);
}

function propertyDocs(setupObject: ts.ObjectLiteralExpression | undefined, key: string): Record<string, string> {
  const docs: Record<string, string> = {};
  const prop = setupObject?.properties.find(
    (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === key,
  );
  if (!prop || !ts.isObjectLiteralExpression(prop.initializer)) return docs;
  for (const p of prop.initializer.properties) {
    const name = p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined;
    const doc = jsDocOf(p);
    if (name && doc) docs[name] = doc.replace(/\n\n/g, ' ');
  }
  return docs;
}

/** The JSDoc of the export `exportName` of the TypeScript source `text`, and of its `setup` implementations. */
export function readSourceDocs(fileName: string, text: string, exportName: string): SourceDocs {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const node = findExport(file, exportName);
  if (!node) return noSourceDocs;
  const setupObject = findSetupObject(node);
  const machine = jsDocOf(node);
  return {
    ...(machine ? { machine } : {}),
    guards: propertyDocs(setupObject, 'guards'),
    actions: propertyDocs(setupObject, 'actions'),
    delays: propertyDocs(setupObject, 'delays'),
    actors: propertyDocs(setupObject, 'actors'),
  };
}
