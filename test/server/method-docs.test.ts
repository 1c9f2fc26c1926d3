/**
 * What a merchant's editor shows on hovering a client method. The methods are
 * derived from the operation table, so their documentation is the table
 * entry's doc comment; this asks TypeScript's own language service (the one
 * editors use) for the quick info of every group and every method of a
 * client, as a merchant's code would write them.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { ALL_OPERATIONS, Operations } from '../../src/server/schemas/operations.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const probe = join(root, 'test/server/__hover-probe__.ts');

/** A merchant's file: a client, and every group and method of it named once. */
const source = [
  "import { createClient } from '../../src/server/index.js';",
  "const client = createClient({ baseUrl: 'https://api.example.com', credential: { clientId: 'c', secret: 's', kind: 'ACCOUNT' } });",
  ...Object.keys(Operations).map((group) => `void client.${group};`),
  ...ALL_OPERATIONS.map((op) => `void client.${op.name};`),
].join('\n');

let hover: (expression: string) => { type: string; doc: string };

describe('hovering a client method shows its operation’s doc', () => {
  before(() => {
    const config = ts.getParsedCommandLineOfConfigFile(
      join(root, 'tsconfig.node.json'),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (d) => assert.fail(ts.flattenDiagnosticMessageText(d.messageText, '\n')),
      },
    )!;
    const read = (file: string) => (file === probe ? source : ts.sys.readFile(file));
    const service = ts.createLanguageService({
      getScriptFileNames: () => [probe],
      getScriptVersion: () => '1',
      getScriptSnapshot: (file) => {
        const text = read(file);
        return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
      },
      getCurrentDirectory: () => root,
      getCompilationSettings: () => config.options,
      getDefaultLibFileName: ts.getDefaultLibFilePath,
      fileExists: (file) => file === probe || ts.sys.fileExists(file),
      readFile: read,
      directoryExists: ts.sys.directoryExists,
      getDirectories: ts.sys.getDirectories,
    });
    hover = (expression) => {
      const at = source.indexOf(`void ${expression};`) + `void ${expression}`.length - 1;
      const info = service.getQuickInfoAtPosition(probe, at);
      assert.ok(info, expression);
      return { type: ts.displayPartsToString(info.displayParts), doc: ts.displayPartsToString(info.documentation) };
    };
  });

  it('refunds.create: the doc written on its table entry, and its types', () => {
    const { type, doc } = hover('client.refunds.create');
    assert.match(doc, /^Create a refund\. Never retried\./);
    assert.match(doc, /SAME order ID/);
    assert.match(type, /amount: string;/);
    assert.match(type, /options\?: CallOptions\) => Promise</);
  });

  it('every method and every group has a doc', () => {
    for (const op of ALL_OPERATIONS) assert.notEqual(hover(`client.${op.name}`).doc, '', op.name);
    for (const group of Object.keys(Operations)) assert.match(hover(`client.${group}`).doc, /^§4\.\d/, group);
  });

  it('a group reads as its name, not as the table’s schemas', () => {
    assert.match(hover('client.refunds').type, /^\(property\) refunds: Resource<"refunds">$/);
  });
});
