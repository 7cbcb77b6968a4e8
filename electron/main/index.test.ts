// SPDX-License-Identifier: MIT
import { describe, expect, it, vi } from 'vitest';
import type * as Define from '../../shared/ipc/define';

/** The composition root, run against a recording `electron` (its binary cannot run here). */
const seen = vi.hoisted(() => ({
  calls: [] as string[],
  appHandlers: new Map<string, (...args: unknown[]) => void>(),
  privileged: [] as unknown[],
  handled: new Map<string, (request: Request) => Promise<Response>>(),
  opened: [] as string[],
  coreOptions: undefined as { openExternal?: (url: string) => void } | undefined,
  lockedDirs: [] as string[],
  lockError: undefined as Error | undefined,
  coreFailure: undefined as Error | undefined,
  errorBoxes: [] as Array<[string, string]>,
  session: {
    request: undefined as unknown,
    check: undefined as unknown,
    device: undefined as unknown,
  },
}));

vi.mock('electron', () => {
  const session = {
    defaultSession: {
      setPermissionRequestHandler: (handler: unknown) => (seen.calls.push('session'), (seen.session.request = handler)),
      setPermissionCheckHandler: (handler: unknown) => (seen.session.check = handler),
      setDevicePermissionHandler: (handler: unknown) => (seen.session.device = handler),
    },
  };
  const app = {
    requestSingleInstanceLock: () => true,
    enableSandbox: () => seen.calls.push('sandbox'),
    on: (event: string, handler: (...args: unknown[]) => void) => seen.appHandlers.set(event, handler),
    whenReady: () => (seen.calls.push('whenReady'), Promise.resolve()),
    getPath: () => '/tmp/contexterm-test',
    isPackaged: false,
    quit: () => seen.calls.push('quit'),
    exit: (code: number) => seen.calls.push(`exit ${code}`),
  };
  const dialog = { showErrorBox: (title: string, content: string) => seen.errorBoxes.push([title, content]) };
  const protocol = {
    registerSchemesAsPrivileged: (schemes: unknown[]) => (seen.calls.push('privileged'), seen.privileged.push(...schemes)),
    handle: (scheme: string, handler: (request: Request) => Promise<Response>) => (
      seen.calls.push('handle'),
      seen.handled.set(scheme, handler)
    ),
  };
  const shell = { openExternal: (url: string) => (seen.opened.push(url), Promise.resolve()) };
  return { app, dialog, protocol, session, shell, safeStorage: {} };
});
vi.mock('../app/create-core', () => ({
  createCore: (options: typeof seen.coreOptions) => (
    (seen.coreOptions = options),
    seen.calls.push('core'),
    seen.coreFailure
      ? Promise.reject(seen.coreFailure)
      : Promise.resolve({
          pageOpening: () => seen.calls.push('page-opening'),
          shutdown: () => (seen.calls.push('shutdown'), Promise.resolve()),
        })
  ),
}));
vi.mock('../data-dir/data-dir-lock', () => ({
  acquireDataDirLock: (dir: string) => {
    seen.calls.push('lock');
    seen.lockedDirs.push(dir);
    if (seen.lockError) throw seen.lockError;
    return { path: `${dir}/contexterm.lock`, release: () => seen.calls.push('release') };
  },
}));

/** Loads the composition root afresh; errors are made after the reset, of the classes it will see. */
const restart = async (failures: (define: typeof Define) => { lock?: Error; core?: Error }) => {
  seen.calls.length = 0;
  seen.errorBoxes.length = 0;
  vi.resetModules();
  const made = failures(await import('../../shared/ipc/define'));
  seen.lockError = made.lock;
  seen.coreFailure = made.core;
  await import('./index');
  await vi.waitFor(() => expect(seen.calls).toContain('exit 1'));
};
vi.mock('../llm/key-store', () => ({ SafeStorageKeyStore: class {} }));
vi.mock('./ipc-transport', () => ({ registerIpcTransport: () => seen.calls.push('ipc') }));
vi.mock('./windows', () => ({ createMainWindow: () => seen.calls.push('window'), isOurFrame: () => false }));

vi.stubGlobal('__APP_VERSION__', '0.0.0-test');
const guardsBefore = process.listenerCount('unhandledRejection') + process.listenerCount('uncaughtException');
await import('./index');
const guardsAdded = process.listenerCount('unhandledRejection') + process.listenerCount('uncaughtException') - guardsBefore;
await vi.waitFor(() => expect(seen.calls).toContain('window'));

describe('desktop composition root', () => {
  it('registers app:// as a privileged scheme before ready and serves it before the first window', () => {
    expect(seen.privileged).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
    ]);
    expect(seen.calls.indexOf('privileged')).toBeLessThan(seen.calls.indexOf('whenReady'));
    expect(seen.calls.indexOf('handle')).toBeLessThan(seen.calls.indexOf('window'));
    expect(seen.handled.has('app')).toBe(true);
  });

  it('sets the permission request, check and device handlers before the first window', () => {
    expect(seen.session.request).toBeTypeOf('function');
    expect(seen.session.check).toBeTypeOf('function');
    expect(seen.session.device).toBeTypeOf('function');
    expect(seen.calls.indexOf('session')).toBeLessThan(seen.calls.indexOf('window'));
  });

  it('guards every WebContents the app creates, not only its main window', () => {
    const guarded: string[] = [];
    const contents = {
      on: (event: string) => guarded.push(event),
      setWindowOpenHandler: () => guarded.push('window-open'),
    };
    seen.appHandlers.get('web-contents-created')?.({}, contents);
    expect(guarded).toEqual(expect.arrayContaining(['will-attach-webview', 'window-open', 'will-frame-navigate']));
  });

  it('hands shell.openExternal only normalised http(s)/mailto URLs', () => {
    const open = seen.coreOptions?.openExternal;
    for (const url of [' https://example.com/a', 'https://x\nfile:///y', 'file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share']) {
      open?.(url);
    }
    expect(seen.opened).toEqual(['https://example.com/a']);
  });

  it('locks Electron’s data dir before the core opens the store, and releases it after shutdown', async () => {
    expect(seen.lockedDirs).toEqual(['/tmp/contexterm-test']);
    expect(seen.calls.indexOf('lock')).toBeLessThan(seen.calls.indexOf('core'));
    seen.appHandlers.get('before-quit')?.({ preventDefault: () => undefined });
    await vi.waitFor(() => expect(seen.calls).toContain('release'));
    expect(seen.calls.indexOf('shutdown')).toBeLessThan(seen.calls.indexOf('release'));
  });

  it('guards the process against stray rejections and exceptions (main-failures.ts)', () => {
    expect(guardsAdded).toBe(2);
  });

  it('refuses a data dir another instance holds: one dialog with the message, exit 1, no core, no window', async () => {
    const message = 'Another Contexterm (pid 1234, started 17:03) is using /tmp/contexterm-test. Close it first.';
    await restart(({ DomainError }) => ({ lock: new DomainError('failed', message) }));
    expect(seen.errorBoxes).toEqual([['Contexterm could not start', message]]);
    expect(seen.calls).not.toContain('core');
    expect(seen.calls).not.toContain('window');
  });

  it('a core that cannot start (a newer database): its message in a dialog, the lock released, exit 1, no window', async () => {
    const message = 'The history database /d/contexterm.db is from a newer version of Contexterm. Update Contexterm.';
    await restart(({ DomainError }) => ({ core: new DomainError('failed', message) }));
    expect(seen.errorBoxes).toEqual([['Contexterm could not start', message]]);
    expect(seen.calls).toEqual(expect.arrayContaining(['lock', 'core', 'release']));
    expect(seen.calls.indexOf('release')).toBeLessThan(seen.calls.indexOf('exit 1'));
    expect(seen.calls).not.toContain('window');
  });

  it('an unexpected failure (a bug) is said to be one, in a sentence, not as a stack', async () => {
    await restart(() => ({ core: new TypeError("Cannot read properties of undefined (reading 'x')") }));
    expect(seen.errorBoxes).toEqual([
      [
        'Contexterm could not start',
        "Contexterm could not start because of an unexpected error: Cannot read properties of undefined (reading 'x'). Please report it, with the log.",
      ],
    ]);
    expect(seen.calls).toContain('release');
  });
});
