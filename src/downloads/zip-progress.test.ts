import { describe, expect, it } from 'vitest';
import { describeProgress, describeSplit, MB, progressPercent } from './zip-progress';

describe('ZIP progress', () => {
  it('counts against the exact size when known, else the estimate (held below 100 until done)', () => {
    expect(progressPercent({ bytes: 512 * MB, contentLength: 1024 * MB, estimateBytes: 10 * MB })).toBe(50);
    expect(progressPercent({ bytes: 1024 * MB, contentLength: 1024 * MB, estimateBytes: undefined })).toBe(100);
    expect(progressPercent({ bytes: 250 * MB, contentLength: undefined, estimateBytes: 1000 * MB })).toBe(25);
    // The estimate was low: the file is larger than said, but not finished.
    expect(progressPercent({ bytes: 1200 * MB, contentLength: undefined, estimateBytes: 1000 * MB })).toBe(99);
    expect(progressPercent({ bytes: 5, contentLength: undefined, estimateBytes: undefined })).toBeNull();
  });

  it('words bytes, the total and which file of several', () => {
    const p = { part: 2, parts: 3, bytes: 312.4 * MB, contentLength: undefined, estimateBytes: 1024 * MB };
    expect(describeProgress(p)).toBe('ZIP 2 of 3: 312.4 MB of about 1.0 GB (estimate) — 30 %');
    expect(describeProgress({ ...p, part: 1, parts: 1, contentLength: 400 * MB })).toBe('312.4 MB of 400.0 MB — 78 %');
    expect(describeProgress({ ...p, parts: 1, estimateBytes: undefined })).toBe('312.4 MB');
  });

  it('says how a selection is split before it starts', () => {
    expect(describeSplit([[1, 2, 3], [4, 5, 6], [7]])).toBe('3 ZIP files of up to 3 images each');
    expect(describeSplit([[1, 2]])).toBeNull();
  });
});
