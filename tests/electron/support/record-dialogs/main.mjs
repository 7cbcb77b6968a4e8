// SPDX-License-Identifier: MIT
// Electron runs this folder as its app (tests/electron/support/desktop-app.ts, runUntilExit): it
// records every error box to the file CONTEXTERM_TEST_DIALOG_LOG names instead of showing a modal
// one (which nobody would close), then runs the real main bundle in this same process. Replacing
// the function before the app's code runs is the only way to see a dialog raised during start-up
// without a test hook in the host. No top-level await: the bundle registers its handlers before
// Electron's `ready`, as it does when it is the entry point itself.
import { dialog } from 'electron';
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const log = process.env.CONTEXTERM_TEST_DIALOG_LOG;
const main = process.env.CONTEXTERM_TEST_APP_MAIN;
if (!log || !main) throw new Error('record-dialogs needs CONTEXTERM_TEST_DIALOG_LOG and CONTEXTERM_TEST_APP_MAIN');

dialog.showErrorBox = (title, content) => appendFileSync(log, `${JSON.stringify({ title, content })}\n`);
createRequire(import.meta.url)(main);
