// SPDX-License-Identifier: MIT
import type { SettingsView } from '../../../shared/ipc/settings';
import type { FieldErrors, SettingsDraft } from './settings-form';

/** What every settings section gets: the draft, its errors, and a way to change the draft. */
export interface SectionProps {
  readonly draft: SettingsDraft;
  readonly errors: FieldErrors;
  readonly saved: SettingsView;
  readonly update: (change: (draft: SettingsDraft) => SettingsDraft) => void;
}
