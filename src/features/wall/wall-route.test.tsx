import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../mocks/node';
import { DEFAULT_MOCK_NOW } from '../../../mocks/state';
import { HOUR_MS } from '../../domain/time';
import { zoneAbbreviation } from '../../domain/zoned-time';
import { useTestConfig } from '../../test/test-config';
import { Component as WallRoute } from './wall-route';
import { renderRoute } from '../../test/render-route';

/** Text as read: the wall holds a time and its zone together with a no-break space. */
const text = (el: HTMLElement) => el.textContent?.replace(/\s/g, ' ');

/** A channel's latest RSAM time, shown beside its line once its data arrived. */
/** The RSAM times on screen: each channel's own, not the unseen copies that size its column. */
const SHOWN = { selector: 'time', ignore: 'script, style, .wall-channel__sizer *' };
const RSAM_TIME = [/^\d\d:\d\d UTC$/, SHOWN] as const;

// jsdom has no canvas: the chart is replaced by its accessible box (it is exercised in e2e).
vi.mock('./sparkline', () => ({
  Sparkline: ({ label, timeAxis }: { label: string; timeAxis: boolean }) => (
    <div role="img" aria-label={label} data-time-axis={timeAxis} />
  ),
}));

/** HH:MM of a `<time>` element's instant, shifted by `offsetHours` (independent of the app's formatting). */
function utcHhMm(el: HTMLElement, offsetHours = 0): string {
  return new Date(Date.parse(el.getAttribute('datetime')!) + offsetHours * HOUR_MS).toISOString().slice(11, 16);
}

function renderWall(path: string) {
  const { client, router } = renderRoute('/wall', WallRoute, path);
  return Object.assign(client, { router });
}

beforeEach(() => {
  useTestConfig();
  // The mock's data ends at its fixed "now"; the wall's "last 24 h" must be the same day.
  vi.useFakeTimers({ toFake: ['Date'], now: DEFAULT_MOCK_NOW });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('wall route', () => {
  it('shows a tile per volcano with RSAM and images, and camera-only tiles say so', async () => {
    renderWall('/wall?volcanoes=311240,311290');
    const cleveland = await screen.findByRole('article', { name: 'Cleveland' });
    await within(cleveland).findAllByText(...RSAM_TIME);
    // Each channel's latest point: a minute of the mock's last hour, in UTC as labelled.
    const rsamTimes = within(cleveland).getAllByText(...RSAM_TIME);
    expect(rsamTimes.map(text)).toEqual(rsamTimes.map((el) => `${utcHhMm(el)} UTC`));
    expect(rsamTimes.map((el) => DEFAULT_MOCK_NOW - Date.parse(el.getAttribute('datetime')!) < HOUR_MS)).toEqual([
      true,
      true,
    ]);
    expect(await within(cleveland).findAllByRole('img', { name: /^RSAM of / })).toHaveLength(2);
    expect(await within(cleveland).findByRole('img', { name: 'Infrared image from CLNE' })).toBeInTheDocument();
    expect(within(cleveland).getByRole('img', { name: 'Visible image from CLNE' })).toBeInTheDocument();
    // freq=all with one site: local capture time, labelled with the site's zone.
    // On 2025-03-10 Adak keeps daylight time, UTC−9.
    const adak = zoneAbbreviation(DEFAULT_MOCK_NOW, 'America/Adak');
    const localTimes = within(cleveland).getAllByText(new RegExp(`^\\d\\d:\\d\\d ${adak}$`), { selector: 'time' });
    expect(localTimes.map(text)).toEqual(localTimes.map((el) => `${utcHhMm(el, -9)} ${adak}`));
    expect(localTimes).toHaveLength(2);

    const okmok = screen.getByRole('article', { name: 'Okmok' });
    expect(within(okmok).getByText(/Cameras only/)).toBeInTheDocument();
    expect(within(okmok).queryByRole('img', { name: /^RSAM of / })).toBeNull();
    expect(await within(okmok).findByRole('img', { name: 'Visible image from OKCF' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByTestId('wall-tile')).toHaveLength(2);
  });

  it('draws the shared time axis under the lowest channel that has a line, not under one that has none', async () => {
    renderWall('/wall?volcanoes=311240');
    const cleveland = await screen.findByRole('article', { name: 'Cleveland' });
    const sparks = await within(cleveland).findAllByRole('img', { name: /^RSAM of / });
    expect(sparks.map((s) => [s.getAttribute('aria-label'), s.dataset.timeAxis])).toEqual([
      ['RSAM of AV.CLCL..BHZ, last 24 hours, times in UTC', 'false'],
      ['RSAM of AV.CLES..BHZ, last 24 hours, times in UTC', 'true'],
    ]);
    cleanup();
    // The lower channel's station sent nothing: the upper one draws the axis.
    server.use(
      http.get('http://api.test/api/seismic/rsam', ({ request }) => {
        const q = new URL(request.url).searchParams;
        if (q.get('station') !== 'CLES') return undefined;
        const query = {
          network: 'AV',
          station: 'CLES',
          channel: 'BHZ',
          datefrom: q.get('datefrom'),
          dateto: q.get('dateto'),
        };
        const series = [{ network: 'AV', station: 'CLES', location: '--', channel: 'BHZ', window_sec: 60, points: [] }];
        return HttpResponse.json({ series, datefrom: q.get('datefrom'), dateto: q.get('dateto'), query });
      }),
    );
    renderWall('/wall?volcanoes=311240');
    const again = await screen.findByRole('article', { name: 'Cleveland' });
    await within(again).findByText(/no RSAM in the last 24 hours/);
    const only = await within(again).findAllByRole('img', { name: /^RSAM of / });
    expect(only.map((s) => [s.getAttribute('aria-label'), s.dataset.timeAxis])).toEqual([
      ['RSAM of AV.CLCL..BHZ, last 24 hours, times in UTC', 'true'],
    ]);
  });

  it('shows the banner once a whole refresh round failed, names the failure on each tile, and clears it on the first answer', async () => {
    // The limiter's backoff runs on the clock: let it move.
    vi.useFakeTimers({ toFake: ['Date'], now: DEFAULT_MOCK_NOW, shouldAdvanceTime: true });
    const client = renderWall('/wall?volcanoes=357120,311240');
    const tile = await screen.findByRole('article', { name: 'Villarrica' });
    await within(tile).findByText(...RSAM_TIME);
    await within(tile).findByRole('img', { name: 'Visible image from RKPI' });
    await within(screen.getByRole('article', { name: 'Cleveland' })).findAllByText(...RSAM_TIME);

    server.use(http.get('http://api.test/*', () => HttpResponse.error()));
    // One refresh round (the wall's is a minute): the verdict must not wait for another, nor for
    // the backoff before the next tries.
    await act(() => client.refetchQueries({ type: 'active' }));
    const banner = await screen.findByText(/^Connection lost since \d\d:\d\d UTC/, {}, { timeout: 3_000 });
    expect(banner).toHaveAttribute('role', 'alert');
    expect(banner).toHaveTextContent('no answer from the service to any request');
    expect(tile).toHaveAttribute('data-status', 'unreachable');
    expect(within(tile).getByText('Service unreachable')).toBeInTheDocument();
    // Read on the tile too (the banner shows it): each endpoint, how and since when.
    expect(within(tile).getByRole('alert')).toHaveTextContent(
      /^RSAM failing since \d\d:\d\d UTC: no answer from the service\. Images failing since \d\d:\d\d UTC: no answer from the service\.$/,
    );
    // The last data stays.
    expect(within(tile).getByText(...RSAM_TIME)).toBeInTheDocument();
    expect(within(tile).getByRole('img', { name: 'Visible image from RKPI' })).toBeInTheDocument();

    // The service answers again: the next try (after the backoff, about a second) clears it.
    server.resetHandlers();
    await waitFor(() => expect(screen.queryByText(/Connection lost/)).toBeNull(), { timeout: 10_000 });
    await waitFor(() => expect(tile).not.toHaveAttribute('data-status', 'unreachable'), { timeout: 10_000 });
  });

  it('keeps the banner away while any request still answers: one failing camera is told on its tile', async () => {
    const client = renderWall('/wall?volcanoes=357120,311240');
    const tile = await screen.findByRole('article', { name: 'Villarrica' });
    await within(tile).findByText(...RSAM_TIME);
    await within(tile).findByRole('img', { name: 'Visible image from RKPI' });

    server.use(
      http.get('http://api.test/api/imagery/q', ({ request }) =>
        new URL(request.url).searchParams.get('site') === 'RKPI'
          ? HttpResponse.json({ error: true, status_code: 500, detail: 'disk full' }, { status: 500 })
          : undefined,
      ),
    );
    await act(() => client.refetchQueries({ type: 'active' }));
    expect(within(tile).getByRole('alert')).toHaveTextContent(
      /^Images failing since \d\d:\d\d UTC: the service answers 500\.$/,
    );
    expect(within(tile).getByText('RSAM current.')).toBeInTheDocument();
    expect(tile).toHaveAttribute('data-status', 'failing');
    expect(within(tile).getByText('Images failing')).toBeInTheDocument();
    expect(screen.queryByText(/Connection lost/)).toBeNull();
    expect(screen.queryByText(/unreachable/i)).toBeNull();
    expect(within(tile).getByText(...RSAM_TIME)).toBeInTheDocument();
  });

  it('names a failing RSAM endpoint for the wall and on each tile, with the images still current', async () => {
    const client = renderWall('/wall?volcanoes=357120,311240');
    const villarrica = await screen.findByRole('article', { name: 'Villarrica' });
    await within(villarrica).findByText(...RSAM_TIME);
    const cleveland = screen.getByRole('article', { name: 'Cleveland' });
    await within(cleveland).findAllByText(...RSAM_TIME);

    server.use(
      http.get('http://api.test/api/seismic/rsam', () =>
        HttpResponse.json({ error: true, status_code: 500, detail: 'database down' }, { status: 500 }),
      ),
    );
    await act(() => client.refetchQueries({ type: 'active' }));
    const banner = await screen.findByText(/^RSAM failing since .*Images still updating/);
    expect(banner).toHaveAttribute('role', 'alert');
    expect(banner).toHaveTextContent(
      /^RSAM failing since \d\d:\d\d UTC: the service answers 500 \(every channel\)\. Images still updating\./,
    );
    for (const tile of [villarrica, cleveland]) {
      expect(tile).toHaveAttribute('data-status', 'failing');
      expect(within(tile).getByText('RSAM failing')).toBeInTheDocument();
      expect(within(tile).getByRole('alert')).toHaveTextContent(
        /^RSAM failing since \d\d:\d\d UTC: the service answers 500\.$/,
      );
      expect(within(tile).getByText('Images current.')).toBeInTheDocument();
    }
    expect(screen.queryByText(/Connection lost|unreachable/i)).toBeNull();
  });

  it('lists ignored URL settings in a notice', async () => {
    renderWall('/wall?volcanoes=357120&theme=neon&refresh=1');
    // The notice, not the header's attention summary (a status too).
    const notice = await screen.findByRole('status', { name: '' });
    expect(notice).toHaveTextContent('theme: "neon" must be dark or light');
    expect(notice).toHaveTextContent(/refresh: 1 s is faster than the rate budget/);
    expect(await screen.findByRole('article', { name: 'Villarrica' })).toBeInTheDocument();
  });

  it('drops a bad value from the address and keeps the rest, with the range in the shared grammar', async () => {
    const { router } = renderWall('/wall?volcanoes=357120&theme=neon&from=now-6h');
    expect(await screen.findByRole('status', { name: '' })).toHaveTextContent('theme: "neon" must be dark or light');
    await vi.waitFor(() => expect(router.state.location.search).toBe('?volcanoes=357120&from=now-6h'));
    const tile = await screen.findByRole('article', { name: 'Villarrica' });
    expect(await within(tile).findByRole('img', { name: /^RSAM of .*, last 6 hours,/ })).toBeInTheDocument();
  });
});
