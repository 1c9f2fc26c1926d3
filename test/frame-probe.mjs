/**
 * Reaches into the isolated form's frame for the browser tests, the way a
 * person's browser does and a page's script cannot: through Playwright, which
 * drives the frame from outside. Tests call it with
 * `executeServerCommand('frame', { probe, op, … })`, where `probe` is the
 * `data-probe` attribute of the `<pay-card-form>` whose frame is meant.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { listenRegion, saidSince, snapshot } from './form-snapshot.js';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export function frameProbe() {
  return {
    name: 'frame-probe',
    async executeCommand({ command, payload, session }) {
      if (command !== 'frame') return undefined;
      const page = session.browser.getPage(session.id);
      // CSS locators pierce open shadow roots: the iframe sits in the element's.
      const handle = await page.locator(`[data-probe="${payload.probe}"] iframe`).elementHandle({ timeout: 5000 });
      const frame = await handle.contentFrame();
      const inForm = (selector) => frame.locator(`pay-card-frame ${selector}`).first();
      switch (payload.op) {
        case 'snap':
          return frame.evaluate(snapshot, { selector: payload.selector, styles: payload.styles ?? [], all: !!payload.all });
        case 'settle':
          // Two frames in the frame: what the last keystroke changed is rendered and posted.
          return frame.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true)))));
        case 'focus':
          await inForm(payload.selector).focus();
          return true;
        case 'click':
          await inForm(payload.selector).click();
          return true;
        case 'listen':
          return frame.evaluate(listenRegion, {});
        case 'said':
          return frame.evaluate(saidSince, {});
        case 'axe':
          return frame.evaluate(`${axeSource}
            axe.run(document, { resultTypes: ['violations'] })
              .then((r) => r.violations.map((v) => v.id + ': ' + v.help + ' (' + v.nodes.length + ')'))`);
        case 'frame-document':
          return frame.evaluate(() => ({ title: document.title, lang: document.documentElement.lang, url: location.href }));
        default:
          throw new Error(`frame probe: unknown op ${payload.op}`);
      }
    },
  };
}
