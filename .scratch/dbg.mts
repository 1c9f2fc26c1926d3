import { chromium } from 'playwright';
import { createServer } from 'node:http';
import { createSandbox } from '../src/sandbox/sandbox.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/chromium.ts';
const sb = await createSandbox();
const page0 = `<!doctype html><html><body><iframe id=f src="${sb.url}/frame/v1/card.html#${encodeURIComponent('http://localhost:9911')}"></iframe>
<script>
const f = document.getElementById('f');
f.onload = () => { const ch = new MessageChannel(); ch.port1.onmessage = (e) => { console.log('host got', JSON.stringify(e.data)); if (e.data.type==='ready') ch.port1.postMessage({ v: 1, type: 'settings', settings: { lang: 'en', messages: null, acceptedBrands: '', publicKey: 'pk_test_x', disabled: false, unavailable: false, hideSubmit: false, hideSuccess: false, submitLabel: '', theme: 'light', variables: {} } }); };
 f.contentWindow.postMessage({v:1,type:'connect'}, '${sb.url}', [ch.port2]); };
</script></body></html>`;
const srv = createServer((q, r) => { r.setHeader('content-type','text/html'); r.end(page0); }).listen(9911);
const b = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const p = await b.newPage();
p.on('console', (m) => console.log('console', m.type(), m.text(), m.location().url));
p.on('pageerror', (e) => console.log('pageerror', e.message));
await p.goto('http://localhost:9911/');
await p.waitForTimeout(1500);
const fr = p.frames()[1];
console.log(await fr.evaluate(() => { const r = document.querySelector('pay-card-frame') as any; return JSON.stringify({ own: Object.hasOwn(r, 'settings'), s: r.settings, html: r.shadowRoot?.innerHTML.slice(0, 200), has: !!r.connect }); }));
await b.close(); srv.close(); await sb.close();
