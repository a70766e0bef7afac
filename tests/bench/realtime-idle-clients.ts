/**
 * Child process of realtime-fanout.ts: opens N WebSockets to the realtime server, joins one
 * channel on each and then idles, sending only the heartbeats realtime-js would (every 25 s).
 * Kept out of the benchmark's process so its memory figures are the server's alone.
 *
 * argv: <websocket url> <count>. Prints one JSON line when all are joined, another when told
 * to report (a line on stdin), and exits when stdin closes.
 */
import WebSocket from 'ws';

const HEARTBEAT_MS = 25_000;
const OPEN_CONCURRENCY = 50;

const [url, countArg] = process.argv.slice(2);
if (!url || !countArg) throw new Error('usage: realtime-idle-clients.ts <websocket url> <count>');
const count = Number(countArg);

const sockets: WebSocket[] = [];
let errors = 0;
let closed = 0;
let heartbeatsOk = 0;

function open(i: number): Promise<void> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url!);
    sockets.push(ws);
    let ref = 0;
    ws.on('error', () => {
      errors++;
      resolve();
    });
    ws.on('close', () => closed++);
    ws.on('message', (data) => {
      const [, msgRef, topic, event, payload] = JSON.parse(data.toString()) as [string | null, string | null, string, string, { status?: string }];
      if (event !== 'phx_reply') return;
      if (topic === 'phoenix') {
        if (payload.status === 'ok') heartbeatsOk++;
        else errors++;
      } else if (msgRef === '1') {
        if (payload.status !== 'ok') errors++;
        resolve();
      }
    });
    ws.on('open', () => {
      ws.send(
        JSON.stringify([
          '1',
          String(++ref),
          `realtime:idle-${i % 20}`,
          'phx_join',
          { config: { broadcast: { self: false }, presence: { key: '', enabled: false }, postgres_changes: [] } },
        ]),
      );
      const timer = setInterval(() => {
        if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify([null, String(++ref), 'phoenix', 'heartbeat', {}]));
      }, HEARTBEAT_MS);
      timer.unref();
    });
  });
}

const report = () =>
  console.log(JSON.stringify({ opened: sockets.length, open: sockets.filter((s) => s.readyState === WebSocket.OPEN).length, closed, errors, heartbeatsOk }));

for (let i = 0; i < count; i += OPEN_CONCURRENCY) {
  await Promise.all(Array.from({ length: Math.min(OPEN_CONCURRENCY, count - i) }, (_, j) => open(i + j)));
}
report();
process.stdin.on('data', report);
process.stdin.on('end', () => {
  for (const ws of sockets) ws.terminate();
  process.exit(0);
});
// keeps the process alive while the sockets idle
setInterval(() => undefined, 60_000);
