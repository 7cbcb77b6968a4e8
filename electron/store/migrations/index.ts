// SPDX-License-Identifier: MIT
import type { Migration } from './migration';
import * as m0001 from './0001-sessions-and-chunks';
import * as m0002 from './0002-commands-and-search';
import * as m0003 from './0003-settings';
import * as m0004 from './0004-conversations';
import * as m0005 from './0005-interrupted-commands';
import * as m0006 from './0006-retention';
import * as m0007 from './0007-remote-commands';
import * as m0008 from './0008-command-actors';
import * as m0009 from './0009-history-search';
import * as m0010 from './0010-command-runs';
import * as m0011 from './0011-sync';
import * as m0012 from './0012-suggest';

/** Every schema migration, in order. The runner refuses a list that is not 1, 2, 3, … */
export const migrations: readonly Migration[] = [
  { version: 1, name: 'sessions-and-chunks', up: m0001.up },
  { version: 2, name: 'commands-and-search', up: m0002.up },
  { version: 3, name: 'settings', up: m0003.up },
  { version: 4, name: 'conversations', up: m0004.up },
  { version: 5, name: 'interrupted-commands', up: m0005.up },
  { version: 6, name: 'retention', up: m0006.up },
  { version: 7, name: 'remote-commands', up: m0007.up },
  { version: 8, name: 'command-actors', up: m0008.up },
  { version: 9, name: 'history-search', up: m0009.up },
  { version: 10, name: 'command-runs', up: m0010.up },
  { version: 11, name: 'sync', up: m0011.up },
  { version: 12, name: 'suggest', up: m0012.up },
];
