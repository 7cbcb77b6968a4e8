// SPDX-License-Identifier: MIT
/** The settings field helpers live with the settings registry; electron/app/profile-launch.ts still imports them from here. */
export { hasNul, wholeNumber } from '../settings/fields';
