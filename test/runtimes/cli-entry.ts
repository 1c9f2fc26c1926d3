/** The suite as a script for Node, Deno and Bun: the configuration as the first argument, the results on stdout. */
import { runSuite, type SuiteConfig } from './suite.js';

const runtime = globalThis as { Deno?: { args: string[] }; process?: { argv: string[] } };
const [argument] = runtime.Deno?.args ?? runtime.process?.argv.slice(2) ?? [];
console.log(JSON.stringify(await runSuite(JSON.parse(argument ?? '{}') as SuiteConfig)));
