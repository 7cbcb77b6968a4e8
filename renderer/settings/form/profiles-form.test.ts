// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { profileIdFor, profilesDraftOf, profilesOf } from './profiles-form';

describe('profiles form', () => {
  it('round-trips a profile through the text fields', () => {
    const settings = {
      list: [
        {
          id: 'box',
          name: 'Build box',
          command: 'ssh',
          args: ['-t', 'build-box'],
          cwd: '~/src',
          env: { TERM: 'xterm-256color', EMPTY: '' },
          scheme: 'dracula',
          fontFamily: '',
          fontSize: 16,
        },
      ],
      defaultId: 'box',
    };
    expect(profilesOf(profilesDraftOf(settings))).toEqual(settings);
  });

  it('reads arguments and variables a line each, a value keeping its own = signs', () => {
    const draft = {
      list: [
        {
          id: 'p',
          name: 'P',
          command: ' python3 ',
          args: '-m\n\nhttp.server\r\n',
          cwd: '',
          env: 'A=b=c\n  \nB=',
          scheme: '',
          fontFamily: ' ',
          fontSize: '',
        },
      ],
      defaultId: null,
    };
    expect(profilesOf(draft).list[0]).toEqual({
      id: 'p',
      name: 'P',
      command: 'python3',
      args: ['-m', 'http.server'],
      cwd: '',
      env: { A: 'b=c', B: '' },
      scheme: '',
      fontFamily: '',
      fontSize: 0,
    });
  });

  it('makes ids from names, unique', () => {
    expect(profileIdFor('Build Box!', [])).toBe('build-box');
    expect(profileIdFor('Build Box', ['build-box'])).toBe('build-box-2');
    expect(profileIdFor('☃', [])).toBe('profile');
  });
});
