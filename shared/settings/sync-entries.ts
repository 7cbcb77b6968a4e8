// SPDX-License-Identifier: MIT
import { wholeNumber } from './fields';
import { group, ordinary } from './setting';

/**
 * History across machines (docs/history.md): the app syncs by itself every `intervalSeconds` while
 * sync is set up. The set-up itself (bucket, key) is not a setting: it lives in the data dir
 * (`sync.json`, the key apart), made by `contexterm sync init|join` or Settings → Sync's form.
 */
export const sync = group(
  {
    intervalSeconds: ordinary({
      schema: wholeNumber(5, 86_400, 'seconds'),
      default: 30,
      label: 'Sync every (seconds)',
      hint: 'While sync is on; "Sync now" does not wait',
      control: { kind: 'number', inputMode: 'numeric' },
      testId: 'sync-interval',
    }),
  },
  {
    title: 'Sync',
    before: [{ editor: 'sync-status' }],
    after: [
      {
        note: "History syncs end-to-end encrypted through an S3-compatible bucket or a folder you own: start a group here or with 'contexterm sync init' on the first device, and join it with its recovery phrase on the others (a folder is set up with the CLI's --folder). Private terminals never leave this device.",
      },
    ],
  },
);
