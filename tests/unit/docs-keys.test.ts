// SPDX-License-Identifier: MIT
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACTIONS } from '../../renderer/actions/catalog';
import { displayCombo } from '../../renderer/actions/keys';
import { keysSection, withKeysSection } from './keys-table';

const GUIDE = new URL('../../docs/user-guide.md', import.meta.url);

describe('the keys table in docs/user-guide.md', () => {
  it('is the one generated from the action registry (UPDATE_DOCS=1 rewrites it)', () => {
    const readme = readFileSync(GUIDE, 'utf8');
    const generated = withKeysSection(readme);
    if (process.env.UPDATE_DOCS === '1' && generated !== readme) writeFileSync(GUIDE, generated);
    else expect(readme).toBe(generated);
  });

  it('lists every default shortcut and every action without one', () => {
    const section = keysSection();
    for (const action of ACTIONS) {
      for (const key of action.keys) expect(section).toContain(displayCombo(key));
      if (action.keys.length === 0) expect(section.toLowerCase()).toContain(action.title.toLowerCase());
    }
  });

  it('replaces only its own section', () => {
    const readme = '# T\n\nintro\n\n## Keys\n\nold\n\n## Next\n\nkept\n';
    expect(withKeysSection(readme, '## Keys\n\nnew\n\n')).toBe('# T\n\nintro\n\n## Keys\n\nnew\n\n## Next\n\nkept\n');
  });
});
