// SPDX-License-Identifier: MIT
import { findAndReplace } from 'mdast-util-find-and-replace';
import { createContext, useContext, type ComponentProps } from 'react';
import type { ExtraProps } from 'react-markdown';
import type { Citation } from '../../../shared/ipc/assistant';
import { CITATION, citationOf } from '../../../shared/text/citations';
import { showCitedCommand } from './citation-actions';

/**
 * The records the answer being rendered cites and that exist (checked by main when it was stored);
 * null while it streams, when nothing is checked yet.
 */
export const CitationContext = createContext<ReadonlyMap<string, Citation> | null>(null);

type MdRoot = Parameters<typeof findAndReplace>[0];

/**
 * `[cmd:ID]` in text becomes a `cite-ref` element (never inside code, which find-and-replace skips
 * with `ignore`); the page decides whether it is a link (a record that exists) or marked unverified.
 */
export const remarkCitations = () => (tree: MdRoot) => {
  findAndReplace(
    tree,
    [
      new RegExp(CITATION.source, 'g'),
      // An element node (mdast-util-to-hast honours hName only on those), renamed to our own tag.
      (_whole: string, id: string) => ({
        type: 'emphasis' as const,
        data: { hName: 'cite-ref', hProperties: { dataId: id } },
        children: [{ type: 'text' as const, value: citationOf(id) }],
      }),
    ],
    { ignore: ['inlineCode', 'code', 'link', 'linkReference'] },
  );
};

/** One citation: a link that shows the record, or plain text marked unverified (the id was not found). */
export const CiteRef = (props: ComponentProps<'span'> & ExtraProps & { 'data-id'?: string }) => {
  const known = useContext(CitationContext);
  const id = String(props.node?.properties?.['dataId'] ?? '');
  const citation = known?.get(id);
  if (!citation) {
    const pending = known === null;
    return (
      <span
        className={`citation ${pending ? 'pending' : 'unverified'}`}
        title={pending ? `Record ${id}` : `No record ${id} was found: this citation is unverified`}
      >
        {citationOf(id)}
        {!pending && <span className="citation-flag"> (unverified)</span>}
      </span>
    );
  }
  return (
    <button
      className="citation link-button"
      data-testid="answer-citation"
      data-command-id={id}
      title={citation.commandLine ? `$ ${citation.commandLine}` : `Record ${id}`}
      onClick={() => void showCitedCommand(id)}
    >
      {citation.commandLine ? `$ ${citation.commandLine.length > 40 ? `${citation.commandLine.slice(0, 40)}…` : citation.commandLine}` : id}
    </button>
  );
};
