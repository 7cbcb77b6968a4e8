// SPDX-License-Identifier: MIT
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Cookies are scoped by host, not port: the port is appended so two instances do not collide. */
export const TOKEN_COOKIE = 'contexterm_token';

/**
 * Browser mode is a local web server that can run shell commands, so every request must prove it
 * comes from our page: the per-launch token (query or cookie), a Host of 127.0.0.1/localhost on our
 * port (DNS rebinding), and, when a browser sends one, our own Origin (cross-site requests and
 * WebSockets, which browsers do not restrict by the same-origin policy).
 */
export class Gate {
  private readonly _token: Buffer;

  constructor(
    token: string,
    private _port = 0,
  ) {
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
    return host !== undefined && this.allowedHosts().includes(host.toLowerCase());
  }

  /** Absent Origin is allowed (same-origin navigations and non-browser clients with the token). */
  originOk(request: IncomingMessage): boolean {
    const origin = request.headers.origin;
    if (origin === undefined) return true;
    return this.allowedHosts().some((host) => origin.toLowerCase() === `http://${host}`);
  }

  /** The token from `?token=` or the cookie, compared in constant time. */
  tokenOk(request: IncomingMessage, url: URL, cookieName: string): boolean {
    const candidate = url.searchParams.get('token') ?? readCookie(request.headers.cookie, cookieName);
    if (candidate === undefined || candidate === null) return false;
    const given = Buffer.from(candidate, 'utf8');
    return given.length === this._token.length && timingSafeEqual(given, this._token);
  }
}

const readCookie = (header: string | undefined, name: string): string | undefined => {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
};
