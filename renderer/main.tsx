// SPDX-License-Identifier: MIT
import '@xterm/xterm/css/xterm.css';
import { FIRST_TERMINAL_SIZE } from '../shared/terminal/first-size';
import { startEarly } from './terminal/workspace/early-start';
import { api } from './transport/api';
import './styles.css';

/**
 * The page's first script, kept small: it opens the connection and asks for the window's start
 * (its terminals, the restore, or a new shell) at once, then loads the rest of the page. The shell
 * starts while the browser fetches and evaluates the app's code (most of the time to the first
 * prompt), instead of after it. The rest is a dynamic import, not this module's first import: the
 * socket's open event (and the request queued for it) waits for the page's thread, which one
 * bundle's evaluation would hold until its end. The size is the one every new terminal starts
 * with (the host may have opened it at that size already, electron/ipc/start.ts); the view sends
 * its own once it is laid out.
 */
const early = startEarly(api, FIRST_TERMINAL_SIZE);
void import('./boot').then(({ boot }) => boot(early));
