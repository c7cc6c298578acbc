import { renderHook, waitFor } from '@testing-library/react';
import { zonedTimeIfLoaded } from '../../domain/zoned-time-loader';
import { useZonedTime } from './use-zoned-time';

describe('useZonedTime', () => {
  it('loads nothing until local time is wanted, then gives the formatter', async () => {
    const { result, rerender } = renderHook(({ needed }) => useZonedTime(needed), { initialProps: { needed: false } });
    await new Promise((r) => setTimeout(r, 20));
    expect(result.current.zoned).toBeNull();
    expect(zonedTimeIfLoaded()).toBeNull();

    rerender({ needed: true });
    await waitFor(() => expect(result.current.zoned).not.toBeNull());
    expect(result.current.failed).toBe(false);
    // 2025-01-01 00:00 UTC is 14:00 the day before on Adak (-10; ICU builds name it HST or HAST).
    expect(result.current.zoned!.formatLocalLabel(Date.UTC(2025, 0, 1), 'America/Adak')).toMatch(
      /^2024-12-31 14:00:00 HA?ST$/,
    );
  });
});
