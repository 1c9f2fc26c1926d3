/**
 * One server of `bench/throughput.ts`, in a process of its own, run by plain
 * Node as a merchant's server runs: the bare `node:http` server answering a
 * fixed envelope, or the sandbox from the built package (`dist/`, what
 * `pay-card-form/sandbox` runs), request log on. It sends its port to the
 * parent, and its CPU time whenever the parent asks.
 */
import { createServer } from 'node:http';

process.on('message', () => {
  const { user, system } = process.cpuUsage();
  process.send({ cpuMicros: user + system });
});

if (process.argv[2] === 'bare') {
  const body = JSON.stringify({ code: 200, message: 'success', data: { txn_status: 1 }, time: 0 });
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }).end(body));
  });
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
} else {
  const { createSandbox } = await import('../dist/sandbox/index.js');
  const sandbox = await createSandbox();
  process.send({ port: sandbox.port, now: sandbox.clock.now() });
}
