// SPDX-License-Identifier: MIT
import type { ComponentType, ReactNode } from 'react';
import { pathOf } from '../../shared/settings/derive';
import { draftAt, withDraftAt } from '../../shared/settings/draft';
import type { Block, Row, SettingGroup } from '../../shared/settings/setting';
import { SettingField } from './fields/setting-field';
import type { SectionProps } from './form/settings-form';

/** The renderer's editors for custom entries and blocks, by the name the registry gives them. */
export type EditorTable = Readonly<Record<string, ComponentType<SectionProps>>>;

export interface RegistrySectionProps extends SectionProps {
  /** The anchor (`settings-<id>`) and the root entry the section shows. */
  readonly id: string;
  readonly name: string;
  readonly group: SettingGroup;
  readonly editors: EditorTable;
}

const editorFor = (editors: EditorTable, name: string): ComponentType<SectionProps> => {
  const editor = editors[name];
  if (!editor) throw new Error(`Settings: no editor "${name}" for a registry entry`);
  return editor;
};

/** A note's `code` in backquotes is shown as code. */
const noteText = (note: string): ReactNode[] => note.split('`').map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part));

const rowClass = (row: Row): string => `field-row${row.columns === 3 ? ' three' : row.columns === 4 ? ' four' : ''}`;

/**
 * The fields of a group, in registry order: entries that share a row sit in one `field-row`, a
 * heading comes before its entry, a custom entry is its editor (once for entries sharing one),
 * and a group's own error (a check on the whole group) follows its fields.
 */
const groupFields = (group: SettingGroup, prefix: string, props: RegistrySectionProps, shown: Set<string>): ReactNode[] => {
  const out: ReactNode[] = [];
  let row: { row: Row; cells: ReactNode[] } | undefined;
  const flush = () => {
    if (row)
      out.push(
        <div key={`row-${prefix}-${row.row.id}`} className={rowClass(row.row)}>
          {row.cells}
        </div>,
      );
    row = undefined;
  };
  for (const [key, entry] of Object.entries(group.entries)) {
    const path = pathOf(prefix, key);
    if (entry.kind === 'group') {
      flush();
      out.push(...groupFields(entry, path, props, shown));
      if (props.errors[path])
        out.push(
          <span key={`${path}-error`} className="field-error" role="alert">
            {props.errors[path]}
          </span>,
        );
      continue;
    }
    if (entry.heading) {
      flush();
      out.push(<h4 key={`${path}-heading`}>{entry.heading}</h4>);
    }
    if (entry.kind === 'custom') {
      flush();
      if (shown.has(entry.editor)) continue;
      shown.add(entry.editor);
      const Editor = editorFor(props.editors, entry.editor);
      out.push(
        <Editor key={`editor-${entry.editor}`} draft={props.draft} errors={props.errors} saved={props.saved} update={props.update} />,
      );
      continue;
    }
    const field = (
      <SettingField
        key={path}
        entry={entry}
        value={draftAt(props.draft, path)}
        error={props.errors[path]}
        inRow={entry.row !== undefined}
        onValue={(value) => props.update((draft) => withDraftAt(draft, path, value))}
      />
    );
    if (!entry.row) {
      flush();
      out.push(field);
      continue;
    }
    if (row?.row.id !== entry.row.id) {
      flush();
      row = { row: entry.row, cells: [] };
    }
    row.cells.push(field);
  }
  flush();
  return out;
};

const blocks = (list: readonly Block[] | undefined, where: string, props: RegistrySectionProps): ReactNode[] =>
  (list ?? []).map((block, i) => {
    if ('note' in block)
      return (
        <p key={`${where}-${i}`} className="field-hint">
          {noteText(block.note)}
        </p>
      );
    const Editor = editorFor(props.editors, block.editor);
    return <Editor key={`${where}-${i}`} draft={props.draft} errors={props.errors} saved={props.saved} update={props.update} />;
  });

/** A Settings section drawn from a root group of the registry: its title, blocks and fields. */
export const RegistrySection = (props: RegistrySectionProps) => {
  const { id, name, group } = props;
  return (
    <section className="settings-section" id={`settings-${id}`} aria-labelledby={`settings-${id}-title`}>
      <h3 id={`settings-${id}-title`}>{group.title ?? name}</h3>
      {blocks(group.before, 'before', props)}
      {groupFields(group, name, props, new Set())}
      {blocks(group.after, 'after', props)}
    </section>
  );
};
