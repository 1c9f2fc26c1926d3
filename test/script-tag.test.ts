/**
 * The script-tag builds as a merchant uses them: a plain HTML page loads the
 * built `dist/pay-card-form.js` (module) or `dist/pay-card-form.iife.js`
 * (classic), and Chromium types a card with real key presses and submits it
 * to the sandbox. Run `npm run build` first; `npm test` does.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import type { Browser, FrameLocator, Page } from 'playwright';
import { cardFrame, FUTURE_EXPIRY_TYPED, launchChromium } from './chromium.js';
import { closedPort } from './closed-port.js';
import { startScriptTagDemo, type ScriptTagDemo } from '../demo/script-tag/serve.js';

let demo: ScriptTagDemo;
/** An element of the frame, as far as these tests read it (node's types have no DOM). */
type Styled = { style: { getPropertyValue(name: string): string } };
let browser: Browser;

before(async () => {
  demo = await startScriptTagDemo({ port: 0, sandboxPort: 0 });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await demo?.close();
});

/** What a tab asks for and says, from now on: the paths of the scripts it requests, the text of its console warnings. */
function record(tab: Page): { scripts: string[]; warnings: string[] } {
  const seen = { scripts: [] as string[], warnings: [] as string[] };
  tab.on('request', (req) => req.resourceType() === 'script' && seen.scripts.push(new URL(req.url()).pathname));
  tab.on('console', (message) => message.type() === 'warning' && seen.warnings.push(message.text()));
  return seen;
}

/** A second `<pay-card-form>` beside the page's own, with these sentences and `--pay-*` values set, once it is ready. */
async function addOverridden(tab: Page, messages: Record<string, string>, variables: Record<string, string>): Promise<void> {
  await tab.evaluate(`(async () => {
    const first = document.querySelector('pay-card-form');
    const el = document.createElement('pay-card-form');
    el.publicKey = first.publicKey;
    el.baseUrl = first.baseUrl;
    el.messages = ${JSON.stringify(messages)};
    for (const [name, value] of Object.entries(${JSON.stringify(variables)})) el.style.setProperty(name, value);
    document.body.append(el);
    await el.ready;
  })()`);
}

/** The value of the variable `name` on the root of a frame's form, as the frame applied it. */
const frameVariable = (form: FrameLocator, name: string) =>
  form.locator('pay-card-frame').evaluate((root, name) => (root as Styled).style.getPropertyValue(name), name);

for (const [build, page, file] of [
  ['module', 'index.html', '/dist/pay-card-form.js'],
  ['classic', 'classic.html', '/dist/pay-card-form.iife.js'],
] as const) {
  test(`${build} build: the page loads ${file} (and its chunks), the frame its own scripts, and a typed card ends in a tokenized event`, async () => {
    const tab = await browser.newPage();
    const scripts: URL[] = [];
    tab.on('request', (req) => req.resourceType() === 'script' && scripts.push(new URL(req.url())));
    const errors: string[] = [];
    tab.on('pageerror', (err) => errors.push(err.message));
    try {
      await tab.goto(new URL(page, demo.url).href);
      const form = cardFrame(tab);
      await form.locator('#number').pressSequentially('4111111111111111');
      await form.locator('[part~="brand"]').getByText('Visa', { exact: true }).waitFor();
      await form.locator('#holderName').pressSequentially('Ana Silva');
      await form.locator('#expiry').pressSequentially(FUTURE_EXPIRY_TYPED);
      await form.locator('#cvv').pressSequentially('123');
      await form.locator('[part="submit"]').click();
      await tab.locator('#token').getByText(/^tok_/).waitFor();
      const detail = JSON.parse((await tab.locator('#token').getAttribute('data-detail'))!);
      assert.equal(detail.brand, 'visa');
      assert.equal(detail.lastFourDigits, '1111');
      // The page's own scripts: the entry first; the module build adds its chunks from dist/chunks/
      // (never the inline form's, which isolated mode does not need); the classic build is one file.
      const own = scripts.filter((url) => url.origin === new URL(demo.url).origin).map((url) => url.pathname);
      assert.equal(own[0], file);
      if (build === 'classic') assert.deepEqual(own, [file]);
      for (const chunk of own.slice(1)) assert.match(chunk, /^\/dist\/chunks\/[\w-]+\.js$/);
      assert.ok(!own.some((path) => path.includes('inline-surface')), 'the inline form is loaded only in inline mode');
      assert.ok(!own.some((path) => path.includes('frame-diagnosis')), "the frame's diagnosis is loaded only when the frame fails");
      assert.ok(!own.some((path) => path.includes('override-checks')), 'the checks of overrides are loaded only where a page sets one');
      // The frame's script is inside its page: from the sandbox's origin the frame requests one script, the brand
      // marks it loads after the form, and never its own script again (which a chunk importing from it would).
      const frame = scripts.filter((url) => url.origin !== new URL(demo.url).origin).map((url) => url.pathname);
      assert.equal(frame.length, 1, `the frame's scripts: ${frame.join(', ')}`);
      assert.match(frame[0]!, /^\/frame\/v1\/brand-marks-[\w-]+\.js$/);
      assert.deepEqual(errors, []);
    } finally {
      await tab.close();
    }
  });
}

for (const [build, page] of [
  ['module', 'index.html'],
  ['classic', 'classic.html'],
] as const) {
  test(`${build} build: mode="inline" ${build === 'module' ? 'loads the inline form' : 'warns once per page and runs isolated (the classic file holds isolated mode only)'}`, async () => {
    const tab = await browser.newPage();
    const { scripts, warnings } = record(tab);
    try {
      await tab.goto(new URL(page, demo.url).href);
      await tab.waitForFunction('customElements.get("pay-card-form") !== undefined');
      // Two more elements, inline, beside the page's own (isolated) one.
      type Shown = { frame: boolean; form: boolean; number: boolean };
      const shown = await tab.evaluate<Shown[]>(`Promise.all([1, 2].map(async () => {
        const first = document.querySelector('pay-card-form');
        const el = document.createElement('pay-card-form');
        el.mode = 'inline';
        el.publicKey = first.publicKey;
        el.baseUrl = first.baseUrl;
        // Parcelas and the document too, and a sentence of its own, so every file a page can load is loaded.
        el.collectTaxId = true;
        el.messages = { submit: 'Pagar agora' };
        document.body.append(el);
        await el.ready;
        const root = el.shadowRoot;
        return { frame: !!root.querySelector('iframe'), form: !!root.querySelector('[part="form"]'), number: !!root.querySelector('#number') };
      }))`);
      const ours = warnings.filter((text) => text.includes('mode="inline"'));
      if (build === 'module') {
        assert.deepEqual(shown, Array(2).fill({ frame: false, form: true, number: true }));
        assert.ok(
          scripts.some((path) => /^\/dist\/chunks\/inline-surface-[\w-]+\.js$/.test(path)),
          'the inline form is loaded on demand',
        );
        // What the README says to copy is exactly what a page loads: every file of dist/chunks/ is
        // loaded once both modes run, Parcelas and the document on (the brand marks and those fields
        // last, after the inline form shows), and nothing else; but the frame's diagnosis, which
        // loads only when a frame fails (the next tests).
        const chunks = (await readdir(new URL('../dist/chunks/', import.meta.url)))
          .filter((name) => !name.startsWith('frame-diagnosis-'))
          .map((name) => `/dist/chunks/${name}`);
        await tab.waitForFunction(
          (wanted) =>
            wanted.every((path) => performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname === path)),
          chunks,
        );
        const own = scripts.filter((path) => path.startsWith('/dist/'));
        assert.deepEqual([...new Set(own)].sort(), ['/dist/pay-card-form.js', ...chunks].sort());
        assert.deepEqual(ours, []);
      } else {
        assert.deepEqual(shown, Array(2).fill({ frame: true, form: false, number: false }));
        assert.equal(ours.length, 1, 'one warning for the page, however many elements ask');
        assert.match(ours[0]!, /pay-card-form\.js/, 'the warning names the file that has inline mode');
        await cardFrame(tab).nth(2).locator('#number').waitFor();
      }
    } finally {
      await tab.close();
    }
  });
}

for (const [build, page, file] of [
  ['module', 'index.html', /^\/dist\/chunks\/override-checks-[\w-]+\.js$/],
  ['classic', 'classic.html', null],
] as const) {
  test(`${build} build: a page that sets messages and --pay-* values ${file ? 'loads their checks on demand' : 'has their checks in its one file'}, and the form uses what passes them and warns of the rest, once`, async () => {
    const tab = await browser.newPage();
    const { scripts, warnings } = record(tab);
    try {
      await tab.goto(new URL(page, demo.url).href);
      await cardFrame(tab).locator('#number').waitFor();
      assert.ok(!scripts.some((path) => path.includes('override-checks')), 'a page that sets no override loads no checks');
      // A second element, as a page would write it: a sentence, a typo, a usable colour and a length that is not one.
      await addOverridden(
        tab,
        { submit: 'Pagar agora', submitt: 'typo' },
        { '--pay-color-primary': 'rgb(1, 2, 3)', '--pay-radius': 'url(x)' },
      );
      const form = cardFrame(tab).nth(1);
      await form.locator('[part="submit"]').getByText('Pagar agora').waitFor();
      assert.equal((await frameVariable(form, '--pay-color-primary')).trim(), 'rgb(1, 2, 3)');
      assert.equal(await frameVariable(form, '--pay-radius'), '', 'a value the frame would refuse is not posted');
      const checks = scripts.filter((path) => path.includes('override-checks'));
      if (file) {
        assert.equal(checks.length, 1, 'the checks are requested once');
        assert.match(checks[0]!, file);
      } else assert.deepEqual(checks, []);
      const ours = warnings.filter((text) => text.startsWith('<pay-card-form>:'));
      assert.deepEqual(ours, [
        '<pay-card-form>: messages.submitt names no sentence of the form (a typo?), so it is not used: the form shows its default instead.',
        '<pay-card-form>: --pay-radius is not a plain length the frame can use (e.g. 8px), so it is not used: the form shows its default instead.',
      ]);
    } finally {
      await tab.close();
    }
  });
}

test('module build: when the checks of the overrides do not load, the form uses none of them and says so, once per setting', async () => {
  const tab = await browser.newPage();
  const { warnings } = record(tab);
  // The network refuses the file, as a server without it would.
  await tab.route(/\/dist\/chunks\/override-checks-[\w-]+\.js$/, (route) => route.abort('failed'));
  try {
    await tab.goto(new URL('index.html', demo.url).href);
    await cardFrame(tab).locator('#number').waitFor();
    await addOverridden(tab, { submit: 'Pagar agora' }, { '--pay-color-primary': 'rgb(1, 2, 3)' });
    const form = cardFrame(tab).nth(1);
    const submit = await form.locator('[part="submit"]').textContent();
    assert.notEqual(submit?.trim(), 'Pagar agora');
    assert.equal(await frameVariable(form, '--pay-color-primary'), '');
    const ours = warnings.filter((text) => text.startsWith('<pay-card-form>:'));
    assert.deepEqual(ours, [
      "<pay-card-form>: messages could not be checked (the file that checks it did not load from this page's server), so it is not used: the form shows its default instead.",
      "<pay-card-form>: --pay-color-primary could not be checked (the file that checks it did not load from this page's server), so it is not used: the form shows its default instead.",
    ]);
  } finally {
    await tab.close();
  }
});

const DIAGNOSIS_CASES = {
  never: '',
  once: ', and when that file fails once the next failure asks for it anew and names the cause',
  always: ', and when that file does not load the page still hears a FrameError',
} as const;
for (const [refused, what] of Object.entries(DIAGNOSIS_CASES)) {
  test(`module build: a frame that fails loads its diagnosis on demand${what}`, async () => {
    const tab = await browser.newPage();
    const { scripts } = record(tab);
    // The network refuses the file, as a server without it would: the browser's own failure, nothing of ours replaced.
    // At every address: after a failure the element asks for it again with a query of its own.
    const asked: string[] = [];
    await tab.route(/\/dist\/chunks\/frame-diagnosis-[\w-]+\.js(\?.*)?$/, (route) => {
      asked.push(new URL(route.request().url()).search);
      return refused === 'always' || (refused === 'once' && asked.length === 1) ? route.abort('failed') : route.continue();
    });
    try {
      await tab.goto(new URL('index.html', demo.url).href);
      const form = cardFrame(tab);
      await form.locator('#number').waitFor();
      assert.ok(!scripts.some((path) => path.includes('frame-diagnosis')), 'a frame that shows the form needs no diagnosis');
      const closed = `http://127.0.0.1:${await closedPort()}`;
      const heard = await tab.evaluate(`new Promise((resolve) => {
        const el = document.querySelector('pay-card-form');
        el.addEventListener('tokenize-error', ({ detail: { error } }) => resolve({ name: error.name, reason: error.reason, message: error.message }));
        el.baseUrl = ${JSON.stringify(closed)};
      })`);
      const { name, reason, message } = heard as { name: string; reason: string; message: string };
      assert.ok(
        scripts.some((path) => /^\/dist\/chunks\/frame-diagnosis-[\w-]+\.js$/.test(path)),
        'the diagnosis was asked for once the frame failed',
      );
      assert.equal(name, 'FrameError');
      assert.equal(reason, 'unreachable');
      if (refused === 'always') assert.match(message, /did not load/);
      else assert.match(message, /nothing answers at/);
      // Asked for as the first attempt fails, then as each later attempt fails until it has arrived (the probe and the
      // diagnosis share the last request), each time at an address of its own.
      const expected = { never: [''], once: ['', '?again=2'], always: ['', '?again=2', '?again=3'] }[refused];
      assert.deepEqual(asked, expected);
    } finally {
      await tab.close();
    }
  });
}

for (const failures of [1, 3]) {
  test(`module build: mode="inline" when the inline form's file fails ${failures === 1 ? 'once, the second attempt shows the form and the page hears nothing' : 'three times, the shopper reads that card payment is unavailable, the page hears a NetworkError, and retry() loads the form'}`, async () => {
    const tab = await browser.newPage();
    const { warnings } = record(tab);
    // The network refuses the file, as a dropped connection would: the browser's own failure, which Chromium keeps for
    // the module's address, so each attempt after the first asks for the file at an address of its own.
    const asked: string[] = [];
    let refused = 0;
    await tab.route(/\/dist\/chunks\/inline-surface-[\w-]+\.js(\?.*)?$/, (route) => {
      asked.push(new URL(route.request().url()).search);
      return refused++ < failures ? route.abort('failed') : route.continue();
    });
    try {
      await tab.goto(new URL('index.html', demo.url).href);
      await tab.waitForFunction('customElements.get("pay-card-form") !== undefined');
      type Outcome = {
        ready: string;
        heard: string[];
        error: string | null;
        notice: string | null;
        role: string | null;
        tokenize: string;
        form: boolean;
      };
      const outcome = await tab.evaluate<Outcome>(`(async () => {
        const first = document.querySelector('pay-card-form');
        const el = (window.inlineForm = document.createElement('pay-card-form'));
        el.mode = 'inline';
        el.publicKey = first.publicKey;
        el.baseUrl = first.baseUrl;
        el.locale = 'en';
        const heard = [];
        // What the event carries, and whether el.error is the same error as it is heard.
        el.addEventListener('tokenize-error', ({ detail: { error } }) => heard.push(error.name + (el.error === error ? '' : ' (not el.error)')));
        document.body.append(el);
        const ready = await el.ready.then(() => 'resolved', (error) => error.name + (error[Symbol.for('pay-card-form.error')] ? ' (of the family)' : ''));
        const notice = el.shadowRoot.querySelector('[part="form-error"]');
        // Before tokenize(), which tells its own outcome through the event too.
        const heardBefore = [...heard];
        const tokenize = await el.tokenize().then(() => 'tokenized', (error) => error.name);
        return { ready, heard: heardBefore, error: el.error?.name ?? null, notice: notice?.textContent ?? null, role: notice?.getAttribute('role') ?? null, tokenize, form: !!el.shadowRoot.querySelector('#number') };
      })()`);
      if (failures === 1) {
        // The form's own error line, empty: nothing of the failure's notice.
        assert.deepEqual(outcome, {
          ready: 'resolved',
          heard: [],
          error: null,
          notice: '',
          role: null,
          tokenize: 'ValidationError',
          form: true,
        });
        assert.equal(asked.length, 2);
        assert.deepEqual(
          warnings.filter((text) => text.includes('inline form')),
          [],
        );
        return;
      }
      assert.deepEqual(outcome, {
        ready: 'NetworkError (of the family)',
        heard: ['NetworkError'],
        error: 'NetworkError',
        notice: 'Card payment is unavailable right now.',
        role: 'alert',
        tokenize: 'NetworkError',
        form: false,
      });
      assert.equal(asked.length, 3, 'three attempts');
      assert.equal(new Set(asked).size, 3, `each at an address of its own: ${asked.join(', ')}`);
      const told = warnings.filter((text) => text.includes('could not load its inline form'));
      assert.equal(told.length, 1, 'the developer is told once');
      assert.match(told[0]!, /retry\(\)/);
      const after = await tab.evaluate<{ ready: string; notices: string[]; form: boolean }>(`(async () => {
        const el = window.inlineForm;
        el.retry();
        const ready = await el.ready.then(() => 'resolved', (error) => error.name);
        return { ready, notices: [...el.shadowRoot.querySelectorAll('[part="form-error"]')].map((p) => p.textContent), form: !!el.shadowRoot.querySelector('#number') };
      })()`);
      // The notice gone; the form's own error line, empty.
      assert.deepEqual(after, { ready: 'resolved', notices: [''], form: true });
      assert.equal(asked.length, 4);
    } finally {
      await tab.close();
    }
  });
}

for (const mode of ['isolated', 'inline'] as const) {
  for (const failures of [1, 3]) {
    test(`module build, ${mode}: when the file of Parcelas and the CPF/CNPJ field fails ${failures === 1 ? 'once, the second attempt shows them and the page hears nothing' : 'three times, the shopper reads that card payment is unavailable and the page hears a ConfigurationError, once'}`, async () => {
      const tab = await browser.newPage();
      const { warnings } = record(tab);
      // Isolated, the frame asks for its own copy from the frame's origin; inline, the page for the one in dist/chunks/.
      const asked: string[] = [];
      let refused = 0;
      await tab.route(/\/purchase-fields-[\w-]+\.js(\?.*)?$/, (route) => {
        asked.push(new URL(route.request().url()).search);
        return refused++ < failures ? route.abort('failed') : route.continue();
      });
      try {
        await tab.goto(new URL('index.html', demo.url).href);
        await tab.waitForFunction('customElements.get("pay-card-form") !== undefined');
        type Outcome = { ready: string; heard: string | null; error: string | null; tokenize: string };
        const outcome = await tab.evaluate<Outcome>(`(async () => {
          const first = document.querySelector('pay-card-form');
          const el = document.createElement('pay-card-form');
          el.mode = ${JSON.stringify(mode)};
          el.publicKey = first.publicKey;
          el.baseUrl = first.baseUrl;
          el.locale = 'en';
          el.collectTaxId = true;
          // The first tokenize-error, with whether el.error is the same error as it is heard.
          const firstHeard = new Promise((resolve) =>
            el.addEventListener('tokenize-error', ({ detail: { error } }) => resolve(error.name + (el.error === error ? '' : ' (not el.error)')), { once: true }),
          );
          document.body.append(el);
          const ready = await el.ready.then(() => 'resolved', (error) => error.name);
          // The event follows the page's own scripts, so it may come after ready settles; a form that loaded fires none before tokenize().
          const heard = ready === 'resolved' ? null : await firstHeard;
          const tokenize = await el.tokenize().then(() => 'tokenized', (error) => error.name);
          return { ready, heard, error: el.error?.name ?? null, tokenize };
        })()`);
        // Where the form is: the new element's frame (the page's own element has the first), or its shadow root.
        const form = mode === 'isolated' ? cardFrame(tab).nth(1) : tab.locator('pay-card-form').nth(1);
        const told = warnings.filter((text) => text.includes('Parcelas and CPF/CNPJ'));
        assert.equal(new Set(asked).size, asked.length, `each attempt at an address of its own: ${asked.join(', ')}`);
        if (failures === 1) {
          // An empty card: tokenize() shows the fields' errors, the document's among them.
          assert.deepEqual(outcome, { ready: 'resolved', heard: null, error: null, tokenize: 'ValidationError' });
          assert.equal(asked.length, 2);
          await form.locator('#taxId').waitFor();
          assert.deepEqual(told, []);
          return;
        }
        assert.deepEqual(outcome, {
          ready: 'ConfigurationError',
          heard: 'ConfigurationError',
          error: 'ConfigurationError',
          tokenize: 'ConfigurationError',
        });
        assert.equal(asked.length, 3, 'three attempts');
        assert.equal(told.length, 1, 'the developer is told once');
        assert.match(told[0]!, /three attempts/);
        assert.equal(await form.locator('[part="form-error"]').textContent(), 'Card payment is unavailable right now.');
        assert.equal(await form.locator('#taxId').count(), 0);
      } finally {
        await tab.close();
      }
    });
  }
}

test('classic build: a frame that fails is diagnosed from the one file, with no request for more code', async () => {
  const tab = await browser.newPage();
  const { scripts } = record(tab);
  try {
    await tab.goto(new URL('classic.html', demo.url).href);
    await cardFrame(tab).locator('#number').waitFor();
    const closed = `http://127.0.0.1:${await closedPort()}`;
    const heard = await tab.evaluate(`new Promise((resolve) => {
      const el = document.querySelector('pay-card-form');
      el.addEventListener('tokenize-error', ({ detail: { error } }) => resolve({ name: error.name, reason: error.reason, message: error.message }));
      el.baseUrl = ${JSON.stringify(closed)};
    })`);
    const { name, reason, message } = heard as { name: string; reason: string; message: string };
    assert.equal(name, 'FrameError');
    assert.equal(reason, 'unreachable');
    assert.match(message, /nothing answers at/);
    assert.deepEqual(
      scripts.filter((path) => path.startsWith('/dist/')),
      ['/dist/pay-card-form.iife.js'],
    );
  } finally {
    await tab.close();
  }
});

test('the classic build exposes the element, tokenize and the error classes on window.PayCardForm', async () => {
  const tab = await browser.newPage();
  try {
    await tab.goto(new URL('classic.html', demo.url).href);
    await tab.waitForFunction('customElements.get("pay-card-form") !== undefined');
    const names = await tab.evaluate<string[]>('Object.keys(window.PayCardForm)');
    assert.deepEqual(names.sort(), [
      'ApiError',
      'AuthenticationError',
      'ConfigurationError',
      'FrameError',
      'NetworkError',
      'PayCardError',
      'PayCardForm',
      'TimeoutError',
      'ValidationError',
      'tokenize',
    ]);
    assert.equal(await tab.evaluate<boolean>('customElements.get("pay-card-form") === window.PayCardForm.PayCardForm'), true);
    // The file is minified, class names included; `error.name` must still say which error it is.
    const errorNames = await tab.evaluate<[string, string][]>(
      'Object.entries(window.PayCardForm).filter(([k]) => k.endsWith("Error")).map(([k, C]) => [k, new C("card.cvv", "required", 0).name])',
    );
    assert.equal(errorNames.length, 8);
    for (const [exported, name] of errorNames) assert.equal(name, exported);
  } finally {
    await tab.close();
  }
});

test("the README's copy command names the files the module page loads: the entry and dist/chunks/", async () => {
  const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
  const command = /^cp -R (.+) public\/assets\/$/m.exec(readme)?.[1];
  assert.ok(command, 'the README has no cp command for the script-tag files');
  assert.deepEqual(command.split(' '), ['node_modules/pay-card-form/dist/pay-card-form.js', 'node_modules/pay-card-form/dist/chunks']);
  // The build wrote both, and the folder holds the module's chunks alone.
  const chunks = await readdir(new URL('../dist/chunks/', import.meta.url));
  assert.ok(chunks.length > 0 && chunks.every((name) => /^[\w-]+\.js$/.test(name)), chunks.join(', '));
  await readFile(new URL('../dist/pay-card-form.js', import.meta.url));
});
