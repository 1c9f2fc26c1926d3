/**
 * Runs the browser suite (web-test-runner) several times in a row, to find
 * tests that pass or fail by timing. Every run is a fresh runner process,
 * and the soak goes on after a failed run. At the end it lists each run's
 * failing tests, by group, file and full name, then a summary line, and
 * exits non-zero if any run failed.
 *
 *   node test/soak.mjs [runs] [web-test-runner options…]
 *
 * `runs` defaults to SOAK_RUNS, else 5. The options are passed on to
 * web-test-runner, e.g. `--group isolated` or `--config other.mjs`.
 * `npm run test:soak` builds the frame first, as the suite needs.
 *
 * The failures are read from the runner itself: each run gets, beside the
 * usual terminal reporter, a reporter that writes every session's results
 * to a JSON file. A run that ends without writing it (it could not start,
 * the browser crashed) counts as failed, with its exit code.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const CHILD = '--soak-child';

if (process.argv[2] === CHILD) await child(process.argv[3], process.argv.slice(4));
else process.exitCode = await soak(process.argv.slice(2));

/** One run of web-test-runner, in this process: the project's config, plus the recording reporter. */
async function child(resultsFile, args) {
  const { startTestRunner, defaultReporter } = await import('@web/test-runner');
  await startTestRunner({
    // `reporters` is not set by the project's config file, which is merged over this one.
    config: { reporters: [defaultReporter(), recorder(resultsFile)], staticLogging: true },
    // The options only: given `argv`, the runner reads every item as one (no node and script to skip).
    argv: args,
  });
}

/** A web-test-runner reporter that writes, once the run is over, each session's failures and counts. */
function recorder(file) {
  return {
    onTestRunFinished({ sessions }) {
      const results = sessions.map((session) => {
        const failures = [];
        const counts = { passed: 0, failed: 0, skipped: 0 };
        const walk = (suite, path) => {
          for (const test of suite.tests ?? []) {
            if (test.skipped) counts.skipped++;
            else if (test.passed) counts.passed++;
            else {
              counts.failed++;
              failures.push({ name: [...path, test.name].join(' > '), error: firstLine(test.error?.message) });
            }
          }
          for (const inner of suite.suites ?? []) walk(inner, [...path, inner.name]);
        };
        if (session.testResults) walk(session.testResults, []);
        // A file that failed to load, timed out or threw outside a test: its errors are the session's.
        for (const error of session.errors ?? []) failures.push({ name: '(the file itself)', error: firstLine(error.message) });
        return {
          group: session.group?.name ?? '',
          file: relative(process.cwd(), session.testFile),
          passed: session.passed === true && failures.length === 0,
          counts,
          failures,
        };
      });
      writeFileSync(file, JSON.stringify(results));
    },
  };
}

function firstLine(text) {
  return String(text ?? '')
    .split('\n')[0]
    .slice(0, 200);
}

async function soak(argv) {
  const given = /^\d+$/.test(argv[0] ?? '') ? argv.shift() : process.env.SOAK_RUNS || '5';
  const runs = Number(given);
  if (!Number.isInteger(runs) || runs < 1) {
    console.error(`soak: the number of runs must be a positive integer, not "${given}"`);
    return 2;
  }
  const dir = mkdtempSync(join(tmpdir(), 'soak-'));
  const outcomes = [];
  try {
    for (let run = 1; run <= runs; run++) {
      console.log(`\nsoak: run ${run} of ${runs}`);
      const resultsFile = join(dir, `run-${run}.json`);
      const started = Date.now();
      const code = await runChild(resultsFile, argv);
      const seconds = Math.round((Date.now() - started) / 1000);
      outcomes.push({ run, seconds, ...outcome(code, resultsFile) });
      const last = outcomes.at(-1);
      console.log(`soak: run ${run} ${last.passed ? 'passed' : 'FAILED'} in ${seconds} s (${last.summary})`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  console.log('\nsoak: results');
  for (const { run, passed, summary, failures, seconds } of outcomes) {
    console.log(`  run ${run}: ${passed ? 'passed' : 'failed'}, ${summary}, ${seconds} s`);
    for (const failure of failures) console.log(`    ✗ ${failure}`);
  }
  const failed = outcomes.filter((o) => !o.passed).length;
  console.log(`soak: ${runs} runs, ${runs - failed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

/** What a run amounts to: its exit code and, when the reporter wrote it, every failing test. */
function outcome(code, resultsFile) {
  let sessions;
  try {
    sessions = JSON.parse(readFileSync(resultsFile, 'utf8'));
  } catch {
    // It could not start or stopped before the end; or the config file set reporters of its own, in place of the recorder.
    return {
      passed: false,
      summary: `no results, exit code ${code}`,
      failures: [`web-test-runner ended without results (exit code ${code})`],
    };
  }
  const total = { passed: 0, failed: 0, skipped: 0 };
  const failures = [];
  for (const session of sessions) {
    for (const key of Object.keys(total)) total[key] += session.counts[key];
    for (const { name, error } of session.failures)
      failures.push(`[${session.group || 'default'}] ${session.file}: ${name}${error ? ` (${error})` : ''}`);
    if (!session.passed && session.failures.length === 0) failures.push(`[${session.group || 'default'}] ${session.file}: session failed`);
  }
  // Exit code and results must agree: a run is passed only when both say so.
  if (code !== 0 && failures.length === 0) failures.push(`web-test-runner exited with code ${code}`);
  return {
    passed: code === 0 && failures.length === 0,
    summary: `${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
    failures,
  };
}

function runChild(resultsFile, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), CHILD, resultsFile, ...args], { stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(`soak: could not start web-test-runner: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}
