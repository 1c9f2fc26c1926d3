#!/usr/bin/env node
/** `npm run sandbox`: starts the sandbox and prints its URL and test keys. */
import { createSandbox } from './sandbox.js';
import { describeFixtures } from './banner.js';

const port = Number(process.env.PORT ?? 4010);
const sandbox = await createSandbox({ port, host: process.env.HOST ?? '127.0.0.1' });
console.log(describeFixtures(sandbox.url));
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  sandbox.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`The sandbox did not close cleanly: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
