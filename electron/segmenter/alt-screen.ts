// SPDX-License-Identifier: MIT
const ESC = 0x1b;

/**
 * Whether a program has switched to the alternate screen (vim, less): the heuristic detector
 * finds no prompt there. Only `CSI ? 1049/1047/47 h|l` is parsed, across chunk boundaries.
 */
export class AltScreen {
  private _on = false;
  private _leftAlt = false;
  /** 0 none, 1 after ESC, 2 after ESC [, 3 in ESC [ ? params. */
  private _csi = 0;
  private _params = '';

  get on(): boolean {
    return this._on;
  }

  /** Follows `bytes`; returns the index just past the last switch back to the main screen, or -1. */
  scan(bytes: Buffer): number {
    if (this._csi === 0 && bytes.indexOf(ESC) < 0) return -1;
    let leftAlt = -1;
    const track = (i: number): number => {
      if (this._leftAlt) {
        this._leftAlt = false;
        leftAlt = i;
      }
      return i;
    };
    let i = this._csi !== 0 ? track(this._continueCsi(bytes, 0)) : 0;
    while ((i = bytes.indexOf(ESC, i)) >= 0) {
      this._csi = 1;
      this._params = '';
      i = track(this._continueCsi(bytes, i + 1));
    }
    return leftAlt;
  }

  private _continueCsi(bytes: Buffer, from: number): number {
    for (let i = from; i < bytes.length; i++) {
      const b = bytes[i]!;
      if (this._csi === 1) {
        this._csi = b === 0x5b ? 2 : 0;
      } else if (this._csi === 2) {
        this._csi = b === 0x3f ? 3 : 0;
      } else if ((b >= 0x30 && b <= 0x39) || b === 0x3b) {
        if (this._params.length > 32) this._csi = 0;
        else this._params += String.fromCharCode(b);
      } else {
        if (b === 0x68 || b === 0x6c) this._setModes(b === 0x68);
        this._csi = 0;
      }
      if (this._csi === 0) return b === ESC ? i : i + 1;
    }
    return bytes.length;
  }

  private _setModes(on: boolean): void {
    for (const mode of this._params.split(';')) {
      if (mode !== '1049' && mode !== '1047' && mode !== '47') continue;
      if (this._on && !on) this._leftAlt = true;
      this._on = on;
    }
  }
}
