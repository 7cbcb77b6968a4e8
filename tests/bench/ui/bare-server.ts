// SPDX-License-Identifier: MIT
// Server of the UI benchmark's bare page: static files and one node-pty per WebSocket, output
// sent as it is read, input written as it comes. Started by ui-bench.ts as its own process.
import { createReadStream } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { spawn } from 'node-pty';
import { WebSocketServer } from 'ws';

const root = process.argv[2]!;
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.woff2': 'font/woff2' };
const FILES = new Set(['/index.html', '/bare-page.js', '/bare-page.css', '/font-400.woff2', '/font-700.woff2']);

const server = createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
  const file = path === '/' ? '/index.html' : path;
  if (!FILES.has(file)) return void response.writeHead(404).end();
  response.writeHead(200, { 'content-type': TYPES[file.slice(file.lastIndexOf('.'))]! });
  createReadStream(join(root, file)).pipe(response);
});

const sockets = new WebSocketServer({ server, path: '/pty' });
sockets.on('connection', (socket, request) => {
  const query = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams;
  const pty = spawn(process.env.SHELL ?? '/bin/bash', [], {
    name: 'xterm-256color',
    cols: Number(query.get('cols') ?? 100),
    rows: Number(query.get('rows') ?? 30),
    cwd: process.env.HOME,
    env: process.env as Record<string, string>,
  });
  pty.onData((data) => socket.send(data));
  pty.onExit(() => socket.close());
  socket.on('message', (data) => pty.write(data.toString()));
  socket.on('close', () => pty.kill());
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') console.log(`bare xterm.js page at http://127.0.0.1:${address.port}/`);
});
process.on('SIGTERM', () => process.exit(0));
