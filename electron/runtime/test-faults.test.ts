// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { faultError, plantedFaults, tripFault, TEST_FAULTS_ENV } from './test-faults';

describe('test faults', () => {
  const env = { [TEST_FAULTS_ENV]: 'mirror:throw:BOOM,writer:exit:a:b, main:reject ,reader:bogus:x,reader:throw:,nonsense' };

  it('are read per part from the environment; malformed entries are ignored', () => {
    expect(plantedFaults('mirror', env)).toEqual([{ part: 'mirror', kind: 'throw', trigger: 'BOOM' }]);
    expect(plantedFaults('writer', env)).toEqual([{ part: 'writer', kind: 'exit', trigger: 'a:b' }]);
    expect(plantedFaults('main', env)).toEqual([{ part: 'main', kind: 'reject', trigger: '' }]);
    expect(plantedFaults('reader', env)).toEqual([]);
    expect(plantedFaults('mirror', {})).toEqual([]);
  });

  it('go off only on text holding their trigger', () => {
    const faults = plantedFaults('mirror', env);
    expect(() => tripFault(faults, 'harmless output')).not.toThrow();
    expect(() => tripFault(faults, 'some BOOM here')).toThrow(faultError(faults[0]!).message);
  });
});
