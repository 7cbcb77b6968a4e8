// SPDX-License-Identifier: MIT
import { useRef, useState } from 'react';
import { Menu, type MenuAction } from '../layout/menu';
import { useSettings } from '../state/settings';

/**
 * "New tab with profile…": a ▾ next to + listing the profiles (Settings → Profiles). Shown only
 * when there are some; the default one is what + itself opens.
 */
export const ProfileMenuButton = ({ onOpen, onEdit }: { onOpen: (profileId: string | undefined) => void; onEdit: () => void }) => {
  const profiles = useSettings((state) => state.view?.profiles);
  const button = useRef<HTMLButtonElement>(null);
  const [at, setAt] = useState<{ x: number; y: number } | undefined>();
  if (!profiles || profiles.list.length === 0) return null;
  const actions: MenuAction[] = [
    ...profiles.list.map((profile) => ({
      id: profile.id,
      label: `${profile.name}${profile.id === profiles.defaultId ? ' (default)' : ''}`,
      testId: 'profile-item',
      hint: [profile.command || 'your shell', ...profile.args].join(' ') + (profile.cwd ? ` in ${profile.cwd}` : ''),
      run: () => onOpen(profile.id),
    })),
    ...(profiles.defaultId ? [{ id: 'shell', label: 'Shell (no profile)', run: () => onOpen('') }] : []),
    { id: 'edit', label: 'Edit profiles…', run: onEdit },
  ];
  return (
    <>
      <button
        ref={button}
        className="tab-new tab-profiles"
        data-testid="tab-new-profile"
        aria-label="New tab with profile…"
        aria-haspopup="menu"
        aria-expanded={at !== undefined}
        title="New tab with profile…"
        onClick={() => {
          const rect = button.current!.getBoundingClientRect();
          setAt(at ? undefined : { x: rect.left, y: rect.bottom + 2 });
        }}
      >
        ▾
      </button>
      {at && (
        <Menu
          actions={actions}
          at={at}
          label="New tab with profile"
          testId="profile-menu"
          opener={button.current}
          onClose={() => setAt(undefined)}
        />
      )}
    </>
  );
};
