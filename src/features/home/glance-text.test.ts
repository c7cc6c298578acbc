import { describe, expect, it } from 'vitest';
import { parseImageTimestamp } from '../../api/imagery/imagery';
import { zoneAbbreviation } from '../../domain/zoned-time';
import { useTestConfig } from '../../test/test-config';
import { imageTimeText, rsamTimeText } from './glance-text';

describe('glance times', () => {
  it('gives an image its site zone and age, both readings in a repeated hour, and no age where the zone is unknown', () => {
    useTestConfig();
    const now = Date.parse('2025-10-26T01:35:00Z');
    // Canary: 01:20 on the day clocks went back is 00:20 or 01:20 UTC.
    const canary = (iso: string) => zoneAbbreviation(Date.parse(iso), 'Atlantic/Canary');
    expect(imageTimeText(parseImageTimestamp('2025-10-26T01:20:00', 'CV01')!, now)).toBe(
      `01:20 ${canary('2025-10-26T00:20:00Z')} or ${canary('2025-10-26T01:20:00Z')} (ambiguous local time) · 15 min or 1 h 15 min ago`,
    );
    expect(imageTimeText(parseImageTimestamp('2025-10-26T01:30:00Z', 'CV01')!, now)).toBe('01:30 UTC · 5 min ago');
    expect(imageTimeText(parseImageTimestamp('2025-10-25T23:30:00', 'XXXX')!, now)).toBe(
      '2025-10-25 23:30 site time, zone unknown: age unknown',
    );
    // Adak, the day before there: with its date.
    expect(imageTimeText(parseImageTimestamp('2025-10-25T15:00:00', 'CLNE')!, now)).toBe(
      `15:00 ${zoneAbbreviation(now, 'America/Adak')} · 1 h 35 min ago`,
    );
    expect(imageTimeText(parseImageTimestamp('2025-10-24T15:00:00', 'CLNE')!, now)).toBe(
      `2025-10-24 15:00 ${zoneAbbreviation(now, 'America/Adak')} · 25 h 35 min ago`,
    );
    expect(rsamTimeText(Date.parse('2025-10-25T23:59:00Z'), now)).toBe('2025-10-25 23:59 UTC · 1 h 36 min ago');
  });
});
