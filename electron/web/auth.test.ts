// SPDX-License-Identifier: MIT
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { WS_PROTOCOL, WS_TOKEN_PROTOCOL_PREFIX } from '../../shared/ipc/wire';
import { Gate } from './auth';

const TOKEN = 'launch-token-0123456789';
const request = (headers: Record<string, unknown>) => ({ headers }) as unknown as IncomingMessage;

describe('Gate', () => {
  const gate = new Gate(TOKEN);
  gate.port = 7681;

  it('takes the socket token from the subprotocol header only, next to our protocol', () => {
    expect(gate.socketTokenOk(request({ 'sec-websocket-protocol': `${WS_PROTOCOL}, ${WS_TOKEN_PROTOCOL_PREFIX}${TOKEN}` }))).toBe(true);
    expect(gate.socketTokenOk(request({ 'sec-websocket-protocol': `${WS_TOKEN_PROTOCOL_PREFIX}${TOKEN}` }))).toBe(false);
    expect(gate.socketTokenOk(request({ 'sec-websocket-protocol': `${WS_PROTOCOL}, ${WS_TOKEN_PROTOCOL_PREFIX}nope` }))).toBe(false);
    // A cookie is ignored however right it is: browsers send it to every port on the host.
    expect(gate.socketTokenOk(request({ cookie: `contexterm_token_7681=${TOKEN}` }))).toBe(false);
    expect(gate.socketTokenOk(request({ 'sec-websocket-protocol': ['a', 'b'] }))).toBe(false);
  });

  it('compares tokens of any shape without throwing', () => {
    for (const candidate of [undefined, null, 42, '', 'x'.repeat(5000), TOKEN + 'x', '\u0000']) {
      expect(gate.tokenOk(candidate)).toBe(false);
    }
    expect(gate.tokenOk(TOKEN)).toBe(true);
  });

  it('checks Host and Origin against our port', () => {
    expect(gate.hostOk(request({ host: '127.0.0.1:7681' }))).toBe(true);
    expect(gate.hostOk(request({ host: 'LOCALHOST:7681' }))).toBe(true);
    expect(gate.hostOk(request({ host: 'evil.example' }))).toBe(false);
    expect(gate.hostOk(request({}))).toBe(false);
    expect(gate.originOk(request({ origin: 'http://127.0.0.1:7681' }))).toBe(true);
    expect(gate.originOk(request({ origin: 'http://127.0.0.1:3000' }))).toBe(false);
    expect(gate.originOk(request({ origin: 'null' }))).toBe(false);
  });
});
