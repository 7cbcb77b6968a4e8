// SPDX-License-Identifier: MIT
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { parseClientFrame, WS_PATH, type ServerFrame } from '../../shared/ipc/wire';
import type { Client } from '../core/router';
import type { Core } from '../core/core';
import { Gate, TOKEN_COOKIE } from './auth';
import { StaticFiles } from './static-files';

export interface WebServerOptions {
  readonly core: Core;
  readonly rendererDir: string;
  readonly port: number;
  readonly token?: string;
  readonly log?: (message: string) => void;
}

export interface WebServer {
  readonly url: string;
  readonly port: number;
  readonly token: string;
  close(): Promise<void>;
}

const MAX_FRAME_BYTES = 4 * 1024 * 1024;

const csp = (port: number): string =>
  [
    "default-src 'self'",
    "script-src 'self'",
    // xterm.js positions rows and the cursor with inline styles.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self' ws://127.0.0.1:${port} ws://localhost:${port}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

/** Browser mode: the built renderer over HTTP and the IPC contract over one WebSocket, 127.0.0.1 only. */
export const startWebServer = async (options: WebServerOptions): Promise<WebServer> => {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const gate = new Gate(token);
  const files = new StaticFiles(options.rendererDir);
  const log = options.log ?? (() => undefined);
  const cookieName = () => `${TOKEN_COOKIE}_${server.address() ? (server.address() as AddressInfo).port : 0}`;
  let nextClient = 0;

  const refuse = (response: ServerResponse, status: number, text: string) => {
    response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    response.end(text);
  };

  const server: Server = createServer((request, response) => {
    void handleHttp(request, response).catch((error: unknown) => {
      log(`http: ${String(error)}`);
      if (!response.headersSent) refuse(response, 500, 'internal error');
    });
  });

  const handleHttp = async (request: IncomingMessage, response: ServerResponse) => {
    if (!gate.hostOk(request)) return refuse(response, 403, 'forbidden host');
    if (!gate.originOk(request)) return refuse(response, 403, 'forbidden origin');
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(response, 405, 'method not allowed');
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (!gate.tokenOk(request, url, cookieName())) return refuse(response, 401, 'missing or wrong token');
    if (url.searchParams.has('token')) {
      // Trade the token in the URL for a cookie, so it leaves the address bar and history.
      response.writeHead(303, {
        location: '/',
        'set-cookie': `${cookieName()}=${encodeURIComponent(token)}; HttpOnly; SameSite=Strict; Path=/`,
        'cache-control': 'no-store',
      });
      return response.end();
    }
    const file = await files.get(url.pathname);
    if (!file) return refuse(response, 404, 'not found');
    response.writeHead(200, {
      'content-type': file.type,
      'content-security-policy': csp(gate.port),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cache-control': url.pathname === '/' ? 'no-store' : 'private, max-age=3600',
    });
    response.end(request.method === 'HEAD' ? undefined : file.body);
  };

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });

  server.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const deny = (status: string) => {
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    if (url.pathname !== WS_PATH) return deny('404 Not Found');
    if (!gate.hostOk(request) || !gate.originOk(request)) return deny('403 Forbidden');
    if (!gate.tokenOk(request, url, cookieName())) return deny('401 Unauthorized');
    wss.handleUpgrade(request, socket, head, (ws) => serveSocket(ws, `c${nextClient++}`));
  });

  const serveSocket = (ws: WebSocket, id: string) => {
    const closeListeners: Array<() => void> = [];
    const post = (frame: ServerFrame) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
    };
    const client: Client = {
      id,
      emit: (channel, payload) => post({ t: 'event', channel, payload }),
      onClose: (listener) => closeListeners.push(listener),
    };
    options.core.connect(client);
    ws.on('message', (raw, isBinary) => {
      if (isBinary) return;
      const frame = parseClientFrame(raw.toString());
      if (!frame) return log('ws: dropped a malformed frame');
      if (frame.t === 'send') return options.core.router.send(client, frame.channel, frame.payload);
      void options.core.router
        .invoke(client, frame.channel, frame.payload)
        .then((result) => post({ t: 'result', id: frame.id, result }));
    });
    ws.on('close', () => {
      for (const listener of closeListeners.splice(0)) listener();
    });
    ws.on('error', (error) => log(`ws: ${error.message}`));
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  gate.port = port;

  return {
    port,
    token,
    url: `http://127.0.0.1:${port}/?token=${encodeURIComponent(token)}`,
    close: async () => {
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
