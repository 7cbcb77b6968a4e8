// SPDX-License-Identifier: MIT
import { memo } from 'react';
import type { CatalogEntryView, PreviewSection } from '../../../shared/ipc/context';
import { describeRedactions, markRedactions, redactionTotal } from './redaction-marks';

/** One section of the payload: its exact text, token count, what was trimmed and what was redacted. */
export const InspectorSection = ({ section }: { section: PreviewSection }) => {
  const redacted = redactionTotal(section.redactions);
  const empty = section.text === '';
  return (
    <details
      className="inspector-section"
      data-testid="inspector-section"
      data-section-id={section.id}
      data-trimmed-items={section.trimmed.items}
      open={!empty && section.id !== 'tools'}
    >
      <summary>
        <span className="section-title">{section.title}</span>
        <span className="section-meta">
          {section.tokens.toLocaleString()} tokens
          {section.items > 1 ? ` · ${section.items} items` : ''}
          {section.trimmed.items + section.trimmed.truncated > 0 ? ' · trimmed' : ''}
          {redacted > 0 ? ` · ${redacted} redacted` : ''}
        </span>
      </summary>
      {section.source !== undefined && (
        <div className="section-source" data-testid="inspector-section-source" title="The file this section was read from">
          From <code>{section.source}</code>
        </div>
      )}
      {section.trimmed.notes.length > 0 && (
        <ul className="section-notes">
          {section.trimmed.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      {redacted > 0 && <div className="section-redactions">Redacted: {describeRedactions(section.redactions)}</div>}
      {empty ? (
        <div className="section-empty">Nothing in this section.</div>
      ) : (
        <pre className="section-text" data-testid="inspector-section-text">
          {/* Only sections with redactions get marks: the system prompt mentions the placeholder format itself. */}
          {redacted > 0 ? <RedactedText text={section.text} /> : section.text}
        </pre>
      )}
    </details>
  );
};

/** Why each related command from other terminals scored as it did, and whether it fit the budget. */
export const CatalogTable = ({ entries }: { entries: readonly CatalogEntryView[] }) => {
  if (entries.length === 0) return null;
  return (
    <details className="inspector-section">
      <summary>
        <span className="section-title">Catalog scoring</span>
        <span className="section-meta">{entries.length} candidates</span>
      </summary>
      <table className="catalog-table">
        <thead>
          <tr>
            <th>Command</th>
            <th>Score</th>
            <th>Why</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.commandId} className={entry.included ? '' : 'excluded'}>
              <td title={entry.cwd ?? ''}>
                <code>{entry.commandLine ?? entry.commandId}</code>
                {!entry.included && <span className="excluded-tag"> (no room)</span>}
              </td>
              <td className="num">{entry.score.toFixed(2)}</td>
              <td>
                {entry.signals
                  .filter((s) => s.score > 0)
                  .map((s) => `${s.signal} ${s.score.toFixed(2)}×${s.weight}`)
                  .join(', ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
};

/** Text with every `[REDACTED:kind]` placeholder highlighted, so the user sees what was held back. */
const RedactedText = memo(({ text }: { text: string }) => (
  <>
    {markRedactions(text).map((segment, i) =>
      segment.kind === 'text' ? (
        segment.text
      ) : (
        <mark key={i} className="redacted" data-testid="redaction-mark" title={`A ${segment.label} was replaced before sending`}>
          {segment.text}
        </mark>
      ),
    )}
  </>
));
RedactedText.displayName = 'RedactedText';
