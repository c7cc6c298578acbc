import { render, screen } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseImageTimestamp } from '../../api/imagery/imagery';
import { type ImageryPage, type ImageRecord } from '../../api/imagery/imagery-shapes';
import { useTestConfig } from '../../test/test-config';
import { firstAnswered } from './timed-image';
import { CameraView } from './tile-camera';
import type { CameraSlot } from './use-wall-data';

const NOW = Date.parse('2025-10-26T01:35:00Z');
beforeEach(() => {
  useTestConfig();
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterEach(() => vi.useRealTimers());

/** A Canary frame at 01:20 local on the day the clocks went back: either 00:20 or 01:20 UTC. */
const record: ImageRecord = {
  image_id: '383010.CV01.2025.299_012000-0001',
  image_url: 'https://images.test/archive/imagery/infrared/383010/2025/CV01/still/299/x.jpg',
  vnum: 383010,
  site: 'CV01',
  image_type: 'infrared',
  time: parseImageTimestamp('2025-10-26T01:20:00', 'CV01')!,
};

const slot = (records: ImageRecord[]): CameraSlot => ({
  site: 'CV01',
  imageType: 'infrared',
  result: { data: { results: records }, isPending: false, isError: false } as unknown as UseQueryResult<ImageryPage>,
  deep: null,
  newest: firstAnswered,
});

describe('a wall camera whose newest time no evidence places', () => {
  it('shows both readings and their ages, says the time is ambiguous, and is not stale by the later one', () => {
    render(<CameraView camera={slot([record])} multiSite thresholds={{ imageStaleMinutes: 30, rsamStaleHours: 24 }} />);
    const caption = screen.getByRole('figure').querySelector('figcaption')!;
    expect(caption).toHaveTextContent(/ 01:20 GMT\+1 or GMT\+0 15 min or 1 h 15 min ago ambiguous local time$/);
    expect(caption).not.toHaveClass('wall-stale');
  });
});
