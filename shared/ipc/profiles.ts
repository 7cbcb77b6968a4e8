// SPDX-License-Identifier: MIT
/** Profiles are a setting: their schema lives with the settings registry (shared/settings). */
export { Profile, ProfilesSettings } from '../settings/profile-schema';
