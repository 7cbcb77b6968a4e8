// SPDX-License-Identifier: MIT

/**
 * Ack-based flow control between a pty and the renderer that parses its output, in characters.
 * The values are VS Code's (terminalProcess / ptyService), battle-tested against `yes` and `cat` floods.
 *
 * Invariant: ACK_CHARS ≤ LOW_WATERMARK, otherwise a paused pty may never see enough acks to resume.
 */
export const FlowControl = {
  /** Pause the pty once this many characters are sent but not yet parsed by the renderer. */
  HIGH_WATERMARK_CHARS: 1_000_000,
  /** Resume once the renderer has caught up to this many unacknowledged characters. */
  LOW_WATERMARK_CHARS: 500_000,
  /** The renderer acknowledges in batches of this many parsed characters. */
  ACK_CHARS: 64_000,
} as const;

/** Output batching: VS Code's TerminalDataBufferer uses 5 ms; a flush also happens at this size. */
export const OutputBatching = {
  INTERVAL_MS: 5,
  MAX_CHARS: 64 * 1024,
  /** A small chunk arriving after this long idle is sent at once (keystroke echo latency). */
  IDLE_FLUSH_MAX_CHARS: 1024,
} as const;
