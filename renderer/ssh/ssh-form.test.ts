// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { SshSettings } from '../../shared/ipc/ssh';
import { sshDraftOf, sshOf, withHostOff } from './ssh-form';

describe('Settings → SSH', () => {
  it('round-trips the host list as lines, dropping blank ones', () => {
    const draft = sshDraftOf({ integration: true, offHosts: ['prod', 'db-1'] });
    expect(draft.offHosts).toBe('prod\ndb-1');
    expect(sshOf({ ...draft, offHosts: ' prod \n\n db-1\n' })).toEqual({ integration: true, offHosts: ['prod', 'db-1'] });
  });

  it('leaves a bad host to the schema, which names the problem', () => {
    const result = SshSettings.safeParse(sshOf({ integration: true, offHosts: 'two words' }));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/without spaces/);
  });

  it('turns a host off once', () => {
    const once = withHostOff({ integration: true, offHosts: [] }, 'build-box');
    expect(withHostOff(once, 'build-box')).toEqual({ integration: true, offHosts: ['build-box'] });
  });
});
