// SPDX-License-Identifier: MIT

/**
 * Splits a streaming answer into top-level chunks that text appended later cannot change, so the
 * view re-parses only the last chunk on each delta instead of the whole answer. A split happens
 * only at a blank line outside fenced code that is followed by an unindented line that cannot
 * continue the previous block (not a list item, table row, quote or indented continuation). The
 * split is an optimisation for the streaming view only: a finished answer is parsed whole, so
 * whatever CommonMark does across blocks (reference links, loose lists) is exact there.
 */
export const splitStreamingBlocks = (source: string): string[] => {
  const lines = source.split('\n');
  const chunks: string[] = [];
  let current: string[] = [];
  let fence: RegExp | undefined;
  let htmlEnd: RegExp | undefined;
  let afterBlank = false;
  let hasContent = false;
  for (const line of lines) {
    if (fence) {
      current.push(line);
      if (fence.test(line)) fence = undefined;
      continue;
    }
    if (htmlEnd) {
      current.push(line);
      if (htmlEnd.test(line)) htmlEnd = undefined;
      continue;
    }
    const blank = line.trim() === '';
    if (afterBlank && hasContent && !blank && startsFreshBlock(line)) {
      chunks.push(current.join('\n') + '\n');
      current = [];
      hasContent = false;
    }
    current.push(line);
    if (!blank) hasContent = true;
    const open = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (open && !(open[1]![0] === '`' && line.slice(line.indexOf(open[1]!) + open[1]!.length).includes('`'))) {
      const marker = open[1]!;
      fence = new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*$`);
    }
    const html = HTML_SPANNING_BLANKS.find(([start]) => start.test(line));
    if (html && !html[1].test(line.replace(html[0], ''))) htmlEnd = html[1];
    afterBlank = blank;
  }
  chunks.push(current.join('\n'));
  return chunks;
};

/** CommonMark HTML blocks of kinds 1-5, which run across blank lines until their end marker. */
const HTML_SPANNING_BLANKS: ReadonlyArray<readonly [RegExp, RegExp]> = [
  [/^ {0,3}<(script|pre|style|textarea)(\s|>|$)/i, /<\/(script|pre|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<![A-Za-z]/, />/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
];

/** A line that, after a blank line, always starts a new top-level block. */
const startsFreshBlock = (line: string): boolean =>
  !/^\s/.test(line) && // indented: list continuation or indented code
  !/^([-*+]|\d{1,9}[.)])(\s|$)/.test(line) && // another item of a list
  !/^[|>]/.test(line) && // table row, quote
  !/^\[[^\]]*\]:/.test(line); // link reference definition
