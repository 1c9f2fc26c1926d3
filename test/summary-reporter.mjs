/**
 * A `node --test` reporter for people and CI alike: one mark per test while
 * the run goes (`.` pass, `X` fail, `-` skipped or todo), then every failure
 * in full, then each open to-do and each skipped test with its reason, then the counts CI reads (`# tests N`, `# pass N`, `# fail N`, the
 * lines Node's TAP reporter ends with) as the very last lines.
 */
import { relative } from 'node:path';
import { inspect } from 'node:util';

const WIDTH = 80;

export default async function* summary(source) {
  const counts = { tests: 0, pass: 0, fail: 0, skipped: 0, todo: 0 };
  const failures = [];
  const todos = [];
  const skips = [];
  let column = 0;
  for await (const { type, data } of source) {
    if ((type !== 'test:pass' && type !== 'test:fail') || data.details?.type === 'suite') continue;
    counts.tests += 1;
    let mark = '.';
    if (data.skip || data.todo) {
      counts[data.skip ? 'skipped' : 'todo'] += 1;
      mark = '-';
      if (data.todo) todos.push({ ...data, met: type === 'test:pass' });
      else skips.push(data);
    } else if (type === 'test:pass') {
      counts.pass += 1;
    } else {
      counts.fail += 1;
      mark = 'X';
      failures.push(data);
    }
    column = (column + 1) % WIDTH;
    yield column === 0 ? `${mark}\n` : mark;
  }
  if (column !== 0) yield '\n';
  for (const failure of failures) {
    // The file only: under a TypeScript loader the reported line can be off; the stack below has the real one.
    const where = failure.file ? ` (${relative(process.cwd(), failure.file)})` : '';
    // The runner wraps what the test threw; the cause is the assertion or error itself.
    const error = failure.details.error?.cause ?? failure.details.error;
    yield `\n✖ ${failure.name}${where}\n${inspect(error, { depth: 4 }).replace(/^/gm, '  ')}\n`;
  }
  for (const todo of todos) {
    const reason = typeof todo.todo === 'string' ? `: ${todo.todo}` : '';
    yield `\n- to do${todo.met ? ' (passes now)' : ''}: ${todo.name}${reason}`;
  }
  // A skipped test is named with its reason, so a run that left something out says what and why.
  for (const skip of skips) {
    const reason = typeof skip.skip === 'string' ? `: ${skip.skip}` : '';
    yield `\n- skipped: ${skip.name}${reason}`;
  }
  if (todos.length || skips.length) yield '\n';
  yield `\n${Object.entries(counts)
    .map(([name, n]) => `# ${name} ${n}`)
    .join('\n')}\n`;
}
