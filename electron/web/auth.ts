// SPDX-License-Identifier: MIT
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { WS_PROTOCOL, WS_TOKEN_PROTOCOL_PREFIX } from '../../shared/ipc/wire-names';

/**
 * Browser mode is a local web server that can run shell commands, so every way in must prove it
 * comes from our page: the per-launch token, a Host of 127.0.0.1/localhost on our port (DNS
 * rebinding), and, when a browser sends one, our own Origin (cross-site requests and WebSockets,
 * which the same-origin policy does not restrict).
 *
 * No cookie is ever set or read. Browsers scope cookies by host, not port, so a cookie for
 * 127.0.0.1:7681 is sent to every other server on 127.0.0.1 too, and a dev server or another
 * user's page could replay it. The token travels only where our own script puts it: the launch
 * URL's query for the page, and a WebSocket subprotocol for the socket.
 */
export class Gate {
  private readonly _token: Buffer;
  private _port = 0;

  constructor(token: string) {
    this._token = Buffer.from(token, 'utf8');
  }

  get port(): number {
    return this._port;
  }

  set port(port: number) {
    this._port = port;
  }

  allowedHosts(): string[] {
    return [`127.0.0.1:${this._port}`, `localhost:${this._port}`];
  }

  hostOk(request: IncomingMessage): boolean {
    const host = request.headers.host;
    return typeof host === 'string' && this.allowedHosts().includes(host.toLowerCase());
  }

  /** Absent Origin is allowed (same-origin navigations and non-browser clients with the token). */
  originOk(request: IncomingMessage): boolean {
    const origin = request.headers.origin;
    if (origin === undefined) return true;
    return typeof origin === 'string' && this.allowedHosts().some((host) => origin.toLowerCase() === `http://${host}`);
  }

  /** Constant-time comparison with the launch token; anything that is not a string fails. */
  tokenOk(candidate: unknown): boolean {
    if (typeof candidate !== 'string' || candidate.length > 1024) return false;
    const given = Buffer.from(candidate, 'utf8');
    return given.length === this._token.length && timingSafeEqual(given, this._token);
  }

  /**
   * The socket's credential: the client offers `contexterm.v1` and `contexterm.token.<token>` as
   * subprotocols (a header only script can set, never sent by the browser on its own).
   */
  socketTokenOk(request: IncomingMessage): boolean {
    const offered = offeredProtocols(request);
    if (!offered.includes(WS_PROTOCOL)) return false;
    const tokenProtocol = offered.find((p) => p.startsWith(WS_TOKEN_PROTOCOL_PREFIX));
    return tokenProtocol !== undefined && this.tokenOk(tokenProtocol.slice(WS_TOKEN_PROTOCOL_PREFIX.length));
  }
}

/** `Sec-WebSocket-Protocol` split on commas; a repeated or malformed header yields nothing usable. */
const offeredProtocols = (request: IncomingMessage): string[] => {
  const header = request.headers['sec-websocket-protocol'];
  if (typeof header !== 'string' || header.length > 2048) return [];
  return header.split(',').map((p) => p.trim());
};
