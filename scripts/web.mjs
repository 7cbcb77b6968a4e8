// SPDX-License-Identifier: MIT
// `npm run web -- [--port N] [--data-dir DIR] [--no-open] [--token-file FILE]`: browser mode.
import { ensureBuild } from './ensure-build.mjs';
import { runForwarding, webEntry } from './run-child.mjs';

ensureBuild();
runForwarding(process.execPath, [webEntry, ...process.argv.slice(2)]);
