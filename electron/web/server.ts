// SPDX-License-Identifier: MIT
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { WebSocketServer } from 'ws';
import { WS_BINARY_OUTPUT_PROTOCOL, WS_PATH, WS_PROTOCOL } from '../../shared/ipc/wire-names';
import type { Core } from '../app/create-core';
import { Gate } from './auth';
import { parseRequestTarget, safeDecode, speculative } from './request-target';
import { serveSocket } from './socket-session';
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

/**
 * The HTML documents carry the app's page and need the token in their URL: `/` and any `.html`,
 * judged on the decoded path, since the file server decodes it (`/index%2ehtml` is index.html).
 */
const isDocument = (pathname: string): boolean => pathname === '/' || /\.html?$/i.test(safeDecode(pathname) ?? pathname);

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

const refuse = (response: ServerResponse, status: number, text: string) => {
  if (response.headersSent) return response.destroy();
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', connection: 'close' });
  response.end(text);
};

/** Answers a refused upgrade on the raw socket; the socket may already be gone. */
const denyUpgrade = (socket: Socket, status: string) => {
  if (!socket.writable) return socket.destroy();
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
};

/**
 * Browser mode: the built renderer over HTTP and the IPC contract over one WebSocket, 127.0.0.1
 * only. Every entry point is total: whatever arrives is answered 400/401/403/404 or dropped, and
 * nothing a peer sends can throw out of a handler (one uncaught error would end every terminal).
 */
export const startWebServer = async (options: WebServerOptions): Promise<WebServer> => {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const gate = new Gate(token);
  const files = new StaticFiles(options.rendererDir);
  const log = options.log ?? (() => undefined);
  let nextClient = 0;

  const handleHttp = async (request: IncomingMessage, response: ServerResponse) => {
    if (!gate.hostOk(request)) return refuse(response, 403, 'forbidden host');
    if (!gate.originOk(request)) return refuse(response, 403, 'forbidden origin');
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(response, 405, 'method not allowed');
    const target = parseRequestTarget(request.url);
    if (!target) return refuse(response, 400, 'bad request');
    const page = isDocument(target.pathname);
    // The page needs the launch URL's token; the built scripts and styles hold nothing private and
    // cannot carry it (no cookies), so they are served to our own host only and to no other origin.
    if (page && !gate.tokenOk(target.query.get('token'))) {
      return refuse(response, 401, 'Open the address Contexterm printed when it started (it carries the access token).');
    }
    const file = await files.get(target.pathname);
    if (!file) return refuse(response, 404, 'not found');
    // A window is opening: its first shell starts while the browser loads the page's code. Not for
    // a browser's prefetch or prerender of the address, which nobody may ever look at.
    if (page && request.method === 'GET' && !speculative(request.headers)) options.core.pageOpening();
    response.writeHead(200, {
      'content-type': file.type,
      'content-security-policy': csp(gate.port),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'cache-control': page ? 'no-store' : 'private, max-age=3600',
    });
    response.end(request.method === 'HEAD' ? undefined : file.body);
  };

  const server: Server = createServer((request, response) => {
    handleHttp(request, response).catch((error: unknown) => {
      log(`http: ${String(error)}`);
      refuse(response, 500, 'internal error');
    });
  });
  // Requests Node's parser rejects (bad request lines, header overflow): answer and hang up.
  server.on('clientError', (_error, socket: Socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });

  // ws is loaded once the server listens, not before: the address is printed that much sooner, and
  // the first page asks for its socket only after loading its scripts. An upgrade that comes
  // earlier waits for it (the raw socket holds what the peer sent meanwhile).
  let sockets: Promise<WebSocketServer> | undefined;
  const loadSockets = () =>
    (sockets ??= import('ws').then(
      ({ WebSocketServer }) =>
        new WebSocketServer({
          noServer: true,
          maxPayload: MAX_FRAME_BYTES,
          perMessageDeflate: false,
          // Select the plain protocol (binary output when the page offers it too: socket-session.ts);
          // the token protocol is never echoed back.
          handleProtocols: (offered) =>
            !offered.has(WS_PROTOCOL) ? false : offered.has(WS_BINARY_OUTPUT_PROTOCOL) ? WS_BINARY_OUTPUT_PROTOCOL : WS_PROTOCOL,
        }),
    ));

  const handleUpgrade = (request: IncomingMessage, socket: Socket, head: Buffer) => {
    const target = parseRequestTarget(request.url);
    if (!target) return denyUpgrade(socket, '400 Bad Request');
    if (target.pathname !== WS_PATH) return denyUpgrade(socket, '404 Not Found');
    if (!gate.hostOk(request) || !gate.originOk(request)) return denyUpgrade(socket, '403 Forbidden');
    if (!gate.socketTokenOk(request)) return denyUpgrade(socket, '401 Unauthorized');
    loadSockets().then(
      (wss) => wss.handleUpgrade(request, socket, head, (ws) => serveSocket(options.core, ws, `c${nextClient++}`, log)),
      (error: unknown) => {
        log(`upgrade: ${String(error)}`);
        denyUpgrade(socket, '500 Internal Server Error');
      },
    );
  };

  server.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    // A peer that resets mid-handshake must not surface as an unhandled 'error' event.
    socket.on('error', () => socket.destroy());
    try {
      handleUpgrade(request, socket, head);
    } catch (error) {
      log(`upgrade: ${String(error)}`);
      denyUpgrade(socket, '400 Bad Request');
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  server.on('error', (error) => log(`http server: ${String(error)}`));
  void loadSockets().catch(() => undefined);
  const port = (server.address() as AddressInfo).port;
  gate.port = port;

  return {
    port,
    token,
    url: `http://127.0.0.1:${port}/?token=${encodeURIComponent(token)}`,
    close: async () => {
      const wss = await sockets?.catch(() => undefined);
      for (const ws of wss?.clients ?? []) ws.terminate();
      wss?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
