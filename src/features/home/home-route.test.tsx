import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../mocks/node';
import { DEFAULT_MOCK_NOW } from '../../../mocks/state';
import { zoneAbbreviation } from '../../domain/zoned-time';
import { useTestConfig } from '../../test/test-config';
import { renderRoute } from '../../test/render-route';
import { Component as HomeRoute } from './home-route';

beforeEach(() => {
  useTestConfig();
  vi.useFakeTimers({ toFake: ['Date'], now: DEFAULT_MOCK_NOW });
});
afterEach(() => vi.useRealTimers());

/** A volcano's card, found by its heading's link. */
const card = async (name: string) => (await screen.findByRole('link', { name })).closest('li') as HTMLElement;

describe('home page', () => {
  it('says what the tool is for and shows each volcano’s latest RSAM and newest images, linking to its page', async () => {
    renderRoute('/', HomeRoute, '/');
    expect(
      screen.getByText(/^For volcanologists: each volcano's seismic amplitude \(RSAM\) and camera images/),
    ).toBeInTheDocument();
    const cleveland = await card('Cleveland');
    expect(within(cleveland).getByRole('link', { name: 'Cleveland' })).toHaveAttribute('href', '/volcano/311240');
    const latest = await within(cleveland).findByRole('list', { name: 'Cleveland: latest data' });
    // Each vertical channel: value, channel, time with its zone, age.
    for (const id of ['AV.CLCL..BHZ', 'AV.CLES..BHZ'])
      expect(
        await within(latest).findByText(
          (_, el) =>
            el?.tagName === 'LI' &&
            new RegExp(`^${id.replace(/\./g, '\\.')}: [\\d,]+ counts at \\d\\d:\\d\\d UTC · \\d+ (s|min) ago$`).test(
              el.textContent ?? '',
            ),
        ),
      ).toBeInTheDocument();
    // Each camera: its newest image's time in the site's zone, and its age.
    for (const camera of ['Infrared CLNE', 'Visible CLNE'])
      expect(
        await within(latest).findByText(
          (_, el) =>
            el?.tagName === 'LI' &&
            new RegExp(
              `^${camera}: newest image \\d\\d:\\d\\d ${zoneAbbreviation(DEFAULT_MOCK_NOW, 'America/Adak')} · \\d+ (s|min) ago$`,
            ).test(el.textContent ?? ''),
        ),
      ).toBeInTheDocument();
    const okmok = await card('Okmok');
    expect(await within(okmok).findByText('RSAM: no seismic station at this volcano.')).toBeInTheDocument();
  });

  it('names a failure and says unknown where it knows nothing', async () => {
    server.use(
      http.get('http://api.test/api/seismic/rsam', () =>
        HttpResponse.json({ error: true, status_code: 500, detail: 'down' }, { status: 500 }),
      ),
      http.get('http://api.test/api/imagery/q', ({ request }) =>
        new URL(request.url).searchParams.get('site') === 'RKPI' ? HttpResponse.error() : undefined,
      ),
    );
    renderRoute('/', HomeRoute, '/');
    const villarrica = await card('Villarrica');
    expect(
      await within(villarrica).findByText(/^unknown, the service answers 500, last tried \d\d:\d\d UTC$/),
    ).toBeInTheDocument();
    expect(
      await within(villarrica).findByText(/^unknown, no answer from the service, last tried \d\d:\d\d UTC$/),
    ).toBeInTheDocument();
  });
});
