/**
 * For test/frame-origins.test.ts: the parent's side of the card frame's
 * handshake, written out by hand, so a test can do it right or wrong. A page
 * of the merchant site loads it and the test drives `window.harness`.
 */
window.harness = {
  /** What came back on the ports this page handed out, in order, each with the number of the port. */
  replies: [],
  /** What a sibling frame heard on the port it handed out (see `sibling`). */
  siblingReplies: [],
  ports: [],

  /** Adds the card frame from `src`, its address declaring `declared` as the parent's origin; resolves once it has loaded. */
  embed(name, src, declared) {
    const frame = document.createElement('iframe');
    frame.name = name;
    frame.src = `${src}#${encodeURIComponent(declared)}`;
    const loaded = new Promise((resolve) => frame.addEventListener('load', () => resolve(true), { once: true }));
    document.body.append(frame);
    return loaded;
  },

  /** Adds a same-origin frame beside the card frame: it will post `connect` itself when told (`siblingConnect`). */
  sibling(name) {
    const frame = document.createElement('iframe');
    frame.name = name;
    frame.src = '/sibling.html';
    const loaded = new Promise((resolve) => frame.addEventListener('load', () => resolve(true), { once: true }));
    document.body.append(frame);
    return loaded;
  },

  /** Posts `connect` and a new port to the named frame, for `targetOrigin`; returns the port's number. */
  connect(name, targetOrigin, message = { v: 1, type: 'connect' }) {
    const channel = new MessageChannel();
    const port = this.ports.push(channel.port1) - 1;
    channel.port1.onmessage = (event) => this.replies.push({ port, data: event.data });
    frames[name].postMessage(message, targetOrigin, [channel.port2]);
    return port;
  },

  /** Asks the sibling frame to post `connect` to the named frame, from its own window. */
  siblingConnect(sibling, target, targetOrigin) {
    frames[sibling].postMessage({ target, targetOrigin }, location.origin);
  },

  /** Sends each message over the given port. */
  send(port, messages) {
    for (const message of messages) this.ports[port].postMessage(message);
  },

  /** Resolves with the replies once `ms` have passed with nothing new. */
  async quiet(ms) {
    let seen = -1;
    while (seen !== this.replies.length) {
      seen = this.replies.length;
      await new Promise((resolve) => setTimeout(resolve, ms));
    }
    return this.replies;
  },
};

addEventListener('message', (event) => {
  if (event.origin === location.origin && event.data && 'fromSibling' in event.data)
    window.harness.siblingReplies.push(event.data.fromSibling);
});
