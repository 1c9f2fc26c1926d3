/**
 * `npm start`'s demo and its sandbox on free ports, with one Chromium, for
 * the tests of one file: started before the first test, stopped after the
 * last, and read through the returned object once started.
 */
import { after, before } from 'node:test';
import type { Browser } from 'playwright';
import { startDemo, type Demo } from '../demo/serve.js';
import { launchChromium } from './chromium.js';

export interface DemoInChromium {
  demo: Demo;
  browser: Browser;
}

export function demoInChromium(): DemoInChromium {
  const running = {} as DemoInChromium;
  before(async () => {
    running.demo = await startDemo({ port: 0, sandboxPort: 0 });
    running.browser = await launchChromium();
  });
  after(async () => {
    await running.browser?.close();
    await running.demo?.close();
  });
  return running;
}
