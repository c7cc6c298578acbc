/**
 * Spec 01 shows no body for /api/imagery/dates and /dates/range, so the mock answers in several
 * plausible shapes (mocks/handlers/imagery-dates.ts). Whatever the shape, /imagery must show the
 * same availability, and an unreadable body must say "unknown" and leave the form usable.
 */
import { test, expect, openOnServer } from './server-fixtures';

const SHAPES = ['sites-list', 'by-site', 'by-type-site', 'rows', 'by-site-compact', 'rows-compact'] as const;
const PAGE = '/imagery?imageType=visible&site=RKPI';

test('the imagery dates in six shapes give one and the same availability', async ({ page, mockServer }) => {
  test.setTimeout(180_000);
  const texts: string[] = [];
  for (const shape of SHAPES) {
    await mockServer.control({ action: 'datesShape', shape });
    await openOnServer(page, mockServer, PAGE);
    const availability = page.getByText(
      /^RKPI has visible images on \d+ days, \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d \(days as the service lists them; whether UTC or local days is not documented\)\.$/,
    );
    await expect(availability, `shape ${shape}`).toBeVisible();
    texts.push((await availability.textContent())!);
  }
  // The mock's fixed clock gives real days: not a single day, and the same figures from every shape.
  expect(Number(/on (\d+) days/.exec(texts[0]!)![1])).toBeGreaterThan(1);
  expect(new Set(texts).size).toBe(1);
});

test('an unreadable dates body: availability unknown, and a query still runs', async ({ page, mockServer }) => {
  await mockServer.control({ action: 'fault', fault: { match: '/api/imagery/dates', kind: 'schema' } });
  await openOnServer(page, mockServer, PAGE);
  await expect(page.getByText(/^Availability unknown \(the service did not give it in a readable form\)/)).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByTestId('image-card').first()).toBeVisible();
});
