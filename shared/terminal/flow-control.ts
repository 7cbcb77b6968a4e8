// SPDX-License-Identifier: MIT

/**
 * Ack-based flow control between a pty and the renderer that parses its output, in characters.
 *
 * Sized by what the page parses, not by a round trip. VS Code's values (100K / 5K / 5K) left the
 * page idle 22% of a 20 MB `cat` (CPU profile via `CT_BENCH_PROFILE`, see tests/bench/ui/): after
 * a pause the pty resumed only once the page had all but run dry, and 4,000 acks went back.
 *
 * The window is also what the page may join and trim (scrolled-off.ts): only a write with more
 * lines than the history keeps (10,000) skips any, and at the ~130 characters of a log line that
 * takes 1.3M characters. With 1M the page trimmed nothing of a `cat` (`ui_cat_vs_bare` 0.93 in a
 * quick run), with 4M it parses about a third of it (1.17); 8M gained no more MB/s and doubled
 * Ctrl+C's stop (105 → 246 ms as `ctrl_c_stop_ms`): what is queued is trimmed, so Ctrl+C waits
 * for at most a history's worth of parsing, not for the window.
 *
 * Invariant: ACK_CHARS ≤ LOW_WATERMARK, otherwise a paused pty may never see enough acks to resume.
 */
export const FlowControl = {
  /** Pause the pty once this many characters are sent but not yet parsed by the renderer. */
  HIGH_WATERMARK_CHARS: 4_000_000,
  /** Resume once the renderer has caught up to this many unacknowledged characters. */
  LOW_WATERMARK_CHARS: 2_000_000,
  /** The renderer acknowledges in batches of this many parsed characters. */
  ACK_CHARS: 64_000,
} as const;

/**
 * Output batching: VS Code's TerminalDataBufferer uses 5 ms; a flush also happens at this size.
 * xterm.js checks its 12 ms parse budget only between writes, so the batch size sets how much is
 * parsed between two renders during a flood: 64K → 128K moved `ui_cat_vs_bare` 0.93 → 1.07 and
 * `ui_ansi_vs_bare` 0.82 → 0.91 (bench:ui --quick, same machine, back to back); 256K gained no more
 * and let frame gaps pass 100 ms.
 */
export const OutputBatching = {
  INTERVAL_MS: 5,
  MAX_CHARS: 128 * 1024,
  /** A small chunk arriving after this long idle is sent at once (keystroke echo latency). */
  IDLE_FLUSH_MAX_CHARS: 1024,
} as const;
