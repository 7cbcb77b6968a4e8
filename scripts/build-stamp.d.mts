// SPDX-License-Identifier: MIT
// Types for scripts/build-stamp.mjs, which the tests import.
export declare const SOURCES: readonly string[];
export declare const stampPath: (root: string) => string;
export declare const builtAt: (root: string) => number;
export declare const changedSince: (root: string, ms: number) => string[];
export declare const clearStamp: (root: string) => void;
export declare const writeStamp: (root: string, startedMs: number) => void;
