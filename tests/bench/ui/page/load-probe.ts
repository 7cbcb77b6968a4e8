// SPDX-License-Identifier: MIT
// Injected before either page of the page-load benchmark (tests/bench/ui/page-load-bench.ts) runs
// any of its own code: it times navigation start → the first frame whose terminal rows end in the
// prompt, and notes what the page said over its WebSocket on the way (each invoke's round trip,
// the first terminal output), so the breakdown comes from the page and not from the driver.

interface Config {
  readonly rows: string;
  readonly prompt: string;
}

/** One invoke over the app's socket: channel, when sent and when answered (ms since navigation). */
interface Trip {
  readonly channel: string;
  readonly sent: number;
  answered?: number;
}

interface LoadRecord {
  prompt?: number;
  socketOpen?: number;
  firstOutput?: number;
  readonly trips: Trip[];
}

const record: LoadRecord = { trips: [] };
const config = (globalThis as unknown as { __loadConfig: Config }).__loadConfig;

const lastRow = (rows: Element | null): string => {
  for (let row = rows?.lastElementChild; row; row = row.previousElementSibling) {
    const text = (row.textContent ?? '').replace(/\u00a0/g, ' ').trimEnd();
    if (text) return text;
  }
  return '';
};

/** Once per frame, like the UI benchmark's other watches: the frame that shows the prompt. */
const watch = () => {
  if (lastRow(document.querySelector(config.rows)) === config.prompt) record.prompt = performance.now();
  else requestAnimationFrame(watch);
};
requestAnimationFrame(watch);

/** Reads a frame of Contexterm's wire (JSON envelopes); the bare page's raw output counts as output. */
const parse = (data: unknown): { t?: string; id?: number; channel?: string } | undefined => {
  if (typeof data !== 'string' || !data.startsWith('{')) return undefined;
  try {
    return JSON.parse(data) as { t?: string; id?: number; channel?: string };
  } catch {
    return undefined;
  }
};

const pending = new Map<number, Trip>();

/** A frame from the server (the bare page's output is not JSON, and counts as output). */
const received = (data: unknown): void => {
  const now = performance.now();
  const frame = typeof data === 'string' ? parse(data) : (data as { t?: string; id?: number; channel?: string });
  if (!frame) return void (record.firstOutput ??= now);
  if (frame.t === 'result' && frame.id !== undefined) {
    const trip = pending.get(frame.id);
    if (trip) trip.answered = now;
    pending.delete(frame.id);
  } else if (frame.t === 'event' && frame.channel === 'pty:data') record.firstOutput ??= now;
};

/** A frame for the server: an invoke starts a round trip. */
const sent = (data: unknown): void => {
  const frame = parse(data);
  if (frame?.t === 'invoke' && frame.id !== undefined && frame.channel) {
    const trip: Trip = { channel: frame.channel, sent: performance.now() };
    record.trips.push(trip);
    pending.set(frame.id, trip);
  }
};

const Native = WebSocket;
/** The bare page's socket, on its own thread. */
class TimedSocket extends Native {
  constructor(url: string | URL, protocols?: string | string[]) {
    super(url, protocols);
    this.addEventListener('open', () => (record.socketOpen ??= performance.now()));
    this.addEventListener('message', (event: MessageEvent) => received(event.data));
  }

  override send(data: string | ArrayBufferLike | Blob | ArrayBufferView): void {
    sent(data);
    super.send(data);
  }
}

type SocketMessage = { kind?: string; frame?: string; frames?: unknown[] };
const NativeWorker = Worker;
/**
 * Contexterm's socket lives in a worker (renderer/transport/socket-worker.ts), where this script
 * does not run: its messages to and from the page are read instead. A request counts as sent when
 * the page hands it over (the worker sends it once the socket is open), and answered when the
 * worker hands the answer back.
 */
class TimedWorker extends NativeWorker {
  constructor(url: string | URL, options?: WorkerOptions) {
    super(url, options);
    this.addEventListener('message', (event: MessageEvent<SocketMessage>) => {
      if (event.data.kind === 'open') record.socketOpen ??= performance.now();
      else if (event.data.kind === 'frames') for (const frame of event.data.frames ?? []) received(frame);
    });
  }

  override postMessage(message: unknown, options?: StructuredSerializeOptions | Transferable[]): void {
    const socketMessage = message as SocketMessage;
    if (socketMessage.kind === 'send') sent(socketMessage.frame);
    super.postMessage(message, options as StructuredSerializeOptions);
  }
}
Object.assign(window, { WebSocket: TimedSocket, Worker: TimedWorker, __loadRecord: record });
