#!/usr/bin/env node
/** `npm run sandbox`: starts the sandbox and prints its URL and test keys. */
import { createSandbox } from './sandbox.js';
import { describeFixtures } from './banner.js';

const port = Number(process.env.PORT ?? 4010);
const sandbox = await createSandbox({ port, host: process.env.HOST ?? '127.0.0.1' });
console.log(describeFixtures(sandbox.url));
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
