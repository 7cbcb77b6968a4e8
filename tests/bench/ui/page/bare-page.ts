// SPDX-License-Identifier: MIT
// The baseline of the UI benchmark: the simplest web terminal there is (what ttyd and wetty do),
// one xterm.js per pty fed straight from a WebSocket with no flow control, built from the same
// packages and started with exactly Contexterm's terminal options.
import { Terminal } from '@xterm/xterm';
import { Unicode11Addon } from '@xterm/addon-unicode11';
import '@xterm/xterm/css/xterm.css';
import { TERMINAL_DEFAULTS } from '../../../../renderer/terminal/xterm/terminal-options';

const params = new URLSearchParams(location.search);
const cols = Number(params.get('cols') ?? 100);
const rows = Number(params.get('rows') ?? 30);
const count = Number(params.get('terms') ?? 1);
// The font Contexterm's settings chose (the benchmark reads it off Contexterm's terminal).
const fontFamily = params.get('fontFamily') ?? TERMINAL_DEFAULTS.fontFamily;
const fontSize = Number(params.get('fontSize') ?? TERMINAL_DEFAULTS.fontSize);

const sockets: WebSocket[] = [];
/** The benchmark types into the hidden terminals through this (they cannot take focus). */
Object.assign(window, { bareSend: (index: number, data: string) => sockets[index]?.send(data) });

/**
 * The same font file as Contexterm's page (the bundled JetBrains Mono, @font-face in index.html),
 * loaded before xterm measures its cell: the comparison must not set a web font against a
 * system one.
 */
const start = async () => {
  await Promise.all([`${fontSize}px ${fontFamily}`, `bold ${fontSize}px ${fontFamily}`].map((spec) => document.fonts.load(spec))).catch(
    () => undefined,
  );
  for (let index = 0; index < count; index++) openTerminal(index);
};

const openTerminal = (index: number) => {
  const host = document.createElement('div');
  host.id = `t${index}`;
  // Like a background tab: present and parsing, never painted.
  if (index > 0) host.style.display = 'none';
  document.body.appendChild(host);
  const term = new Terminal({ ...TERMINAL_DEFAULTS, fontFamily, fontSize, cols, rows });
  term.loadAddon(new Unicode11Addon());
  term.unicode.activeVersion = '11';
  term.open(host);
  const socket = new WebSocket(`ws://${location.host}/pty?cols=${cols}&rows=${rows}`);
  sockets.push(socket);
  socket.onmessage = (event: MessageEvent<string>) => term.write(event.data);
  term.onData((data) => socket.readyState === WebSocket.OPEN && socket.send(data));
  if (index === 0) term.focus();
};

void start();
