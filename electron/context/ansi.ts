// SPDX-License-Identifier: MIT

/**
 * Escape sequences a terminal consumes without printing: OSC (titles, shell-integration marks, hyperlinks)
 * up to BEL or ST, DCS/SOS/PM/APC strings, CSI (colours, cursor moves) including the 8-bit C1 form, and
 * the short ESC forms (charset selection, keypad modes). Lone C0 controls other than tab/newline/CR go too.
 * The seed only removed `ESC [ … letter`; real recordings also carry OSC 133/633 marks and hyperlinks.
 */
const ESCAPES =
  /\x1b\][\s\S]*?(?:\x07|\x1b\\)|\x1b[PX^_][\s\S]*?\x1b\\|(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]|\x1b[ -/]*[0-~]|[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g;

const decoder = new TextDecoder('utf-8', { fatal: false });

/** Decodes (lossily, like the seed) and removes escape sequences. */
export const stripAnsi = (raw: Uint8Array | string): string => {
  const text = typeof raw === 'string' ? raw : decoder.decode(raw);
  return text.replace(ESCAPES, '');
};

/**
 * What a terminal shows for one line written with carriage returns: each segment overwrites the start
 * of the previous one, so a progress bar ends up as its last state instead of every intermediate frame.
 */
const collapseCarriageReturns = (line: string): string => {
  if (!line.includes('\r')) return line;
  let shown = '';
  for (const segment of line.split('\r')) shown = segment + shown.slice(segment.length);
  return shown;
};

/** Splits clean text into the visible, non-blank lines (seed 000 drops blank lines). */
export const visibleLines = (text: string): string[] => {
  const lines: string[] = [];
  for (const raw of text.split('\n')) {
    const line = collapseCarriageReturns(raw.endsWith('\r') ? raw.replace(/\r+$/, '') : raw);
    if (line.trim() !== '') lines.push(line);
  }
  return lines;
};
