import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../mocks/node';
import { mockState } from '../../../mocks/state';
import { forgetLearnedZones } from '../../api/imagery/learned-zones';
import { useTestConfig } from '../../test/test-config';
import { Component as LegacyRoute } from './legacy-route';
import { renderRoute } from '../../test/render-route';

function renderAt(url: string) {
  return renderRoute('/legacy', LegacyRoute, url).router;
}

beforeEach(() => {
  useTestConfig();
  forgetLearnedZones();
});

describe('legacy route', () => {
  it('refuses a query without a range or a limit and says why', async () => {
    renderAt('/legacy?type=infrared&site=CLNE');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/Query not sent/);
    expect(alert).toHaveTextContent(/70,000 or more for infrared, about 24 MB/);
    expect(alert).toHaveTextContent(/Give a limit/);
  });

  it('shows results, disables the ZIP above 100 with the reason, and links the same query to v2', async () => {
    renderAt('/legacy?type=infrared&site=CLNE&search_from=2025-03-01T00:00&search_to=2025-03-03T00:00&limit=150');
    expect(await screen.findByRole('heading', { name: '150 images' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download ZIP' })).toBeDisabled();
    expect(screen.getByText(/only for 100 images or fewer, and this result has 150/)).toBeInTheDocument();
    expect(
      screen.getByText(/gives its times without a zone \(spec 02 §2\), so they are shown exactly as written/),
    ).toBeInTheDocument();
    // The capture times are the service's zone-less wall times, with no zone put to them; the UTC
    // column reads them as the records show: here each differs from its id's fields by Adak's offset.
    expect(screen.getByTestId('v1-zone-because')).toHaveTextContent(
      'read as site-local time: each timestamp differs from its id’s time fields by the site’s offset, which fits only UTC ids and site-local timestamps',
    );
    const table = within(screen.getByRole('table'));
    const headers = table.getAllByRole('columnheader').map((h) => h.textContent);
    const wallCol = headers.indexOf('Captured (zone not given)');
    const utcCol = headers.indexOf('In UTC');
    expect([wallCol, utcCol]).toEqual([3, 4]);
    const [, ...rows] = table.getAllByRole('row');
    const cells = rows.map((row) => within(row).getAllByRole('cell'));
    expect(cells.length).toBeGreaterThan(1);
    for (const c of cells) {
      expect(c[wallCol]?.textContent).toMatch(/^2025-03-0[12] \d\d:\d\d:\d\d$/);
      // Adak is UTC−10 in early March: 2025-03-01 00:00 to 2025-03-03 00:00 there is 10:00 to 10:00 UTC.
      const utc = c[utcCol]?.textContent ?? '';
      expect(utc).toMatch(/^2025-03-0[123] \d\d:\d\d:\d\d UTC$/);
      expect(utc >= '2025-03-01 10:00:00 UTC' && utc <= '2025-03-03 10:00:00 UTC').toBe(true);
    }
    const links = screen.getAllByRole('link', { name: /^Open in v2/ });
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      [
        'Open in v2, reading the v1 times as CLNE local time (America/Adak)',
        '/imagery?imageType=infrared&vnum=311240&datefrom=20250301100000&dateto=20250303100000',
      ],
      [
        'Open in v2, reading the v1 times as UTC',
        '/imagery?imageType=infrared&vnum=311240&datefrom=20250301000000&dateto=20250303000000',
      ],
    ]);
  });

  it('v1 timestamps in UTC: a v2 answer shows the ids are UTC, so the times read as UTC and that link comes first', async () => {
    mockState.timeReadings = { ...mockState.timeReadings, legacyTimestamp: 'utc' };
    renderAt('/legacy?type=infrared&site=VPMI&search_from=2025-03-01T16:00&search_to=2025-03-01T17:00&limit=50');
    expect(await screen.findByRole('heading', { name: /^\d+ images$/ }, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('v1-zone-because')).toHaveTextContent(
        'read as UTC: the records’ ids, whose time fields are UTC in v2 answers, match their timestamps',
      ),
    );
    const table = within(screen.getByRole('table'));
    const [, ...rows] = table.getAllByRole('row');
    for (const row of rows) {
      const [, , , wall, utc] = within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
      expect(utc).toBe(`${wall} UTC`);
    }
    expect(screen.getAllByRole('link', { name: /^Open in v2/ })[0]).toHaveAttribute(
      'href',
      '/imagery?imageType=infrared&vnum=345040&datefrom=20250301160000&dateto=20250301170000',
    );
  });

  it('looks up an id from the table; a visible id that does not exist is explained', async () => {
    const router = renderAt(
      '/legacy?type=visible&site=RKPI&search_from=2025-03-01T10:00&search_to=2025-03-01T11:00&limit=20',
    );
    const first = (await screen.findAllByRole('button', { name: /^Look up / }))[0]!;
    const imageId = first.textContent!;
    await userEvent.click(first);
    expect(await screen.findByText('Database id')).toBeInTheDocument();
    expect(router.state.location.search).toContain(`id=${imageId}`);
    await router.navigate('/legacy?type=visible&id=missing-id');
    expect(
      await screen.findByText(
        'The visible endpoint answered HTTP 200 with error 404 in its body: “Image not found”. Check the id “missing-id” and the image type.',
      ),
    ).toBeInTheDocument();
  });

  it('a not-found says only what the answer said: the real HTTP status, and the body’s own words', async () => {
    server.use(
      http.get('http://legacy.test/api/imagery/visible/r/:id', () =>
        HttpResponse.json({ error: 404, message: 'No such record' }, { status: 404 }),
      ),
      http.get('http://legacy.test/api/imagery/infrared/r/bad-path', () =>
        HttpResponse.text('<html>Not Found</html>', { status: 404, headers: { 'Content-Type': 'text/html' } }),
      ),
    );
    const router = renderAt('/legacy?type=visible&id=gone');
    const visible = await screen.findByText(/^The visible endpoint answered HTTP 404/);
    expect(visible).toHaveTextContent(
      'The visible endpoint answered HTTP 404: “No such record”. Check the id “gone” and the image type.',
    );
    await router.navigate('/legacy?type=infrared&id=no-such-image');
    expect(
      await screen.findByText(
        'The infrared endpoint answered 404, id or path not found: “Image no-such-image not found”. Check the id “no-such-image” and the image type. If every id fails so, the legacy host’s address (legacyBaseUrl) may be wrong.',
      ),
    ).toBeInTheDocument();
    // A 404 without the documented body (a wrong path, say) claims no more than the status.
    await router.navigate('/legacy?type=infrared&id=bad-path');
    expect(
      await screen.findByText(/^The infrared endpoint answered 404, id or path not found\. Check the id “bad-path”/),
    ).toBeInTheDocument();
  });
});
