// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { SshSettings } from '../../shared/ipc/ssh';
import { offHostsCodec, withHostOff } from './ssh-form';

describe('Settings → SSH', () => {
  it('round-trips the host list as lines, dropping blank ones', () => {
    expect(offHostsCodec.toDraft(['prod', 'db-1'])).toBe('prod\ndb-1');
    expect(offHostsCodec.fromDraft(' prod \n\n db-1\n', {}, 'ssh.offHosts')).toEqual(['prod', 'db-1']);
  });

  it('leaves a bad host to the schema, which names the problem', () => {
    const result = SshSettings.safeParse({ integration: true, offHosts: offHostsCodec.fromDraft('two words', {}, 'ssh.offHosts') });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/without spaces/);
  });

  it('turns a host off once', () => {
    const once = withHostOff({ integration: true, offHosts: [] }, 'build-box');
    expect(withHostOff(once, 'build-box')).toEqual({ integration: true, offHosts: ['build-box'] });
  });
});
