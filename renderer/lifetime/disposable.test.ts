// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { addDisposableListener, Disposable, DisposableStore, toDisposable } from './disposable';

const recorder = () => {
  const undone: string[] = [];
  return { undone, item: (name: string) => toDisposable(() => undone.push(name)) };
};

describe('DisposableStore', () => {
  it('undoes everything it holds once, the last added first', () => {
    const { undone, item } = recorder();
    const store = new DisposableStore();
    store.add(item('first'));
    store.add(item('second'));
    expect(store.size).toBe(2);
    store.dispose();
    store.dispose();
    expect(undone).toEqual(['second', 'first']);
    expect(store.size).toBe(0);
  });

  it('disposes at once what is added after it ended', () => {
    const { undone, item } = recorder();
    const store = new DisposableStore();
    store.dispose();
    store.add(item('late'));
    expect(undone).toEqual(['late']);
    expect(store.size).toBe(0);
  });

  it('disposes one item early and does not dispose it again at the end', () => {
    const { undone, item } = recorder();
    const store = new DisposableStore();
    const early = store.add(item('early'));
    store.add(item('rest'));
    store.delete(early);
    store.dispose();
    expect(undone).toEqual(['early', 'rest']);
  });

  it('keeps disposing after one throws, then reports the failure', () => {
    const { undone, item } = recorder();
    const store = new DisposableStore();
    store.add(item('kept'));
    store.add(
      toDisposable(() => {
        throw new Error('broken');
      }),
    );
    expect(() => store.dispose()).toThrow('broken');
    expect(undone).toEqual(['kept']);
  });
});

describe('Disposable', () => {
  class Owner extends Disposable {
    constructor(undone: string[]) {
      super();
      this._registerUndo(() => undone.push('subscription'));
      this._register(toDisposable(() => undone.push('child')));
    }
  }

  it('undoes what its owner registered when disposed', () => {
    const undone: string[] = [];
    const owner = new Owner(undone);
    expect(owner.isDisposed).toBe(false);
    owner.dispose();
    expect(undone).toEqual(['child', 'subscription']);
    expect(owner.isDisposed).toBe(true);
  });
});

describe('addDisposableListener', () => {
  it('removes the DOM listener it added', () => {
    const target = new EventTarget() as unknown as Document;
    let heard = 0;
    const listener = addDisposableListener(target, 'visibilitychange', () => heard++);
    target.dispatchEvent(new Event('visibilitychange'));
    listener.dispose();
    target.dispatchEvent(new Event('visibilitychange'));
    expect(heard).toBe(1);
  });
});
