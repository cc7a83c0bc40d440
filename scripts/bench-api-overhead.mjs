// API overhead (issue 13, target 4), for `npm run bench`, never part of tests: a
// database-free API route of the running product (GET /api/contact/info, which answers from
// the configuration) against a bare `node:http` server answering the same JSON, both in
// their own process, driven by autocannon over loopback with the same connections. The two
// are measured in alternating rounds so both see the same load on a shared machine.
// Target: the API reaches >= 80% of the bare server's requests per second.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';

export const API_OVERHEAD_PATH = '/api/contact/info';
const TARGET = 0.8;

// The bare server: node:http and JSON.stringify, nothing else.
const BARE = `
const http = require('node:http');
http.createServer((req, res) => {
  const body = JSON.stringify({ supportEmail: 'support@stampworks.dev' });
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.send('up'));
`;

function startBare(port) {
  const child = spawn(process.execPath, ['-e', BARE], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
  });
}

/**
 * @param {{ apiBase: string, barePort: number, seconds: number, label?: string }} options
 * @returns {Promise<Array<{ figure: string, target: string, measured: string, ok: boolean }>>}
 */
export async function runApiOverheadBench({ apiBase, barePort, seconds, label = '' }) {
  const bare = await startBare(barePort);
  const rounds = 2;
  const run = async (url) =>
    (await autocannon({ url, connections: 10, duration: Math.max(2, seconds / rounds) })).requests.average;
  try {
    const api = [];
    const raw = [];
    for (let i = 0; i < rounds; i++) {
      raw.push(await run(`http://127.0.0.1:${barePort}/`));
      api.push(await run(apiBase + API_OVERHEAD_PATH));
    }
    const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const ratio = mean(api) / mean(raw);
    return [
      {
        figure: `API overhead${label}: GET ${API_OVERHEAD_PATH} (no database) vs bare node:http, req/s`,
        target: `>= ${TARGET * 100}% of bare`,
        measured: `${Math.round(mean(api))} vs ${Math.round(mean(raw))} req/s = ${(ratio * 100).toFixed(0)}%`,
        ok: ratio >= TARGET,
      },
    ];
  } finally {
    bare.kill('SIGTERM');
    await new Promise((r) => bare.once('exit', r));
  }
}
