// SPDX-License-Identifier: MIT
/** Key combinations and `settings.keybindings` live with the settings registry (shared/settings). */
export * from '../settings/key-combos';
