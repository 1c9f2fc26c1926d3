/**
 * A skimmer, for test/hostile-script.test.ts: what Magecart-style scripts do
 * in a merchant's page, installed before any of the page's own scripts
 * (`page.addInitScript`). Everything it catches lands in `window.skimmed`:
 *
 * - `keystrokes`: every keyboard, input, beforeinput or paste event it saw,
 *   from its capture listeners or from any listener the page added;
 * - `captures`: every string it got hold of, one per value, by hook;
 * - `counts`: how often each hook fired, so a test can tell a blind hook
 *   from one that saw nothing worth taking.
 *
 * `window.skimNow()` walks the page once more. Playwright runs init scripts
 * in every frame; a skimmer lives in the merchant's page, so this one acts in
 * the top window only.
 */
(() => {
  if (window.top !== window) return;

  const skimmed = { keystrokes: [], captures: [], counts: {} };
  window.skimmed = skimmed;
  const count = (hook) => (skimmed.counts[hook] = (skimmed.counts[hook] ?? 0) + 1);

  /** Keeps every string and number inside `value`, each as its own capture. */
  const take = (hook, value, seen = new Set()) => {
    if (typeof value === 'string' || typeof value === 'number') skimmed.captures.push({ hook, text: String(value) });
    else if (value && typeof value === 'object' && !seen.has(value) && seen.size < 500) {
      seen.add(value);
      for (const key of Object.keys(value)) take(hook, value[key], seen);
    }
  };

  const valueOf = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
  const readInput = (input) => valueOf.get.call(input);

  const KEY_EVENTS = ['keydown', 'keyup', 'input', 'beforeinput', 'paste'];
  /** A keystroke, wherever it was heard: the key, the text it inserted, the field it landed in, the pasted text. */
  const heard = new Map();
  const keystroke = (hook, event) => {
    // Once per event and hook, however many of the page's listeners it reaches.
    if (!heard.has(hook)) heard.set(hook, new WeakSet());
    if (heard.get(hook).has(event)) return;
    heard.get(hook).add(event);
    const field = event.composedPath()[0];
    skimmed.keystrokes.push({
      hook,
      type: event.type,
      key: event.key ?? '',
      data: event.data ?? '',
      value: field instanceof HTMLInputElement ? readInput(field) : '',
      pasted: event.clipboardData?.getData('text') ?? '',
    });
  };

  // 1. Capture-phase listeners on window and document: they hear every key before the page does.
  for (const [name, target] of [
    ['window', window],
    ['document', document],
  ]) {
    for (const type of KEY_EVENTS) target.addEventListener(type, (event) => keystroke(`${name}:${type}`, event), true);
  }

  // 2. The value getter of every input, whoever reads it.
  Object.defineProperty(HTMLInputElement.prototype, 'value', {
    ...valueOf,
    get() {
      const value = readInput(this);
      count('value-getter');
      take('value-getter', value);
      return value;
    },
  });

  // 3. Every open shadow root, and every frame whose document it may read.
  const walk = (root) => {
    for (const element of root.querySelectorAll('*')) {
      if (element.shadowRoot) walk(element.shadowRoot);
      if (element instanceof HTMLInputElement) take('shadow-walk', readInput(element));
      if (element instanceof HTMLIFrameElement) {
        let inner = null;
        try {
          inner = element.contentDocument;
        } catch {
          // A cross-origin frame: the browser says no.
        }
        // Before it loads, a frame holds an empty same-origin document: reading that is no win.
        const read = inner && inner.URL !== 'about:blank';
        count(read ? 'frame-read' : inner ? 'frame-blank' : 'frame-refused');
        if (read) take('frame-read', inner.URL);
        if (inner) walk(inner);
      }
    }
  };
  window.skimNow = () => {
    count('walk');
    walk(document);
  };
  setInterval(window.skimNow, 50);

  // 4. Every message to the window, and every MessagePort.
  window.addEventListener(
    'message',
    (event) => {
      count('window-message');
      take('window-message', event.data);
    },
    true,
  );
  const postMessage = MessagePort.prototype.postMessage;
  MessagePort.prototype.postMessage = function (message, ...rest) {
    count('port-post');
    take('port-post', message);
    return postMessage.call(this, message, ...rest);
  };
  const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage');
  Object.defineProperty(MessagePort.prototype, 'onmessage', {
    ...onmessage,
    set(handler) {
      onmessage.set.call(
        this,
        typeof handler === 'function'
          ? function (event) {
              count('port-onmessage');
              take('port-onmessage', event.data);
              return handler.call(this, event);
            }
          : handler,
      );
    },
  });
  MessagePort.prototype.addEventListener = function (type, listener, options) {
    if (type === 'message') {
      count('port-listener');
      EventTarget.prototype.addEventListener.call(this, 'message', (event) => take('port-listener', event.data));
    }
    return EventTarget.prototype.addEventListener.call(this, type, listener, options);
  };

  // 5. Every request the page makes.
  const fetch = window.fetch;
  window.fetch = function (input, init) {
    count('fetch');
    take('fetch', [String(input instanceof Request ? input.url : input), init?.body ?? '']);
    return fetch.call(this, input, init);
  };
  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    count('xhr');
    take('xhr', String(url));
    return open.call(this, method, url, ...rest);
  };
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (body) {
    take('xhr', typeof body === 'string' ? body : '');
    return send.call(this, body);
  };

  // 6. Every listener anyone adds: each hears the event first through the skimmer.
  const add = EventTarget.prototype.addEventListener;
  const remove = EventTarget.prototype.removeEventListener;
  const wrapped = new WeakMap();
  const wrap = (listener) => {
    if (!wrapped.has(listener)) {
      wrapped.set(listener, function (event) {
        count('listener');
        if (KEY_EVENTS.includes(event.type)) keystroke(`listener:${event.type}`, event);
        if (event instanceof MessageEvent) take('listener', event.data);
        return typeof listener === 'function' ? listener.call(this, event) : listener.handleEvent(event);
      });
    }
    return wrapped.get(listener);
  };
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    return add.call(this, type, listener ? wrap(listener) : listener, options);
  };
  EventTarget.prototype.removeEventListener = function (type, listener, options) {
    return remove.call(this, type, listener ? (wrapped.get(listener) ?? listener) : listener, options);
  };
})();
