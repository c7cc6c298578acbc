import { describe, expect, it } from 'vitest';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../../api/http/errors';
import { findVolcano } from '../../domain/volcanoes';
import { parseChannelId } from '../../domain/channel-id';
import { feedAnsweringText, feedFailureText } from './feed-sentences';
import type { VolcanoData } from './use-wall-data';
import { firstAnswered } from './timed-image';
import {
  bannerSays,
  feedStates,
  tileFailure,
  wallRequests,
  wallVerdict,
  type RequestFailure,
  type WallRequest,
} from './feed-states';

const NOW = Date.UTC(2026, 10, 20, 14, 30);
const T0 = Date.UTC(2026, 10, 20, 14, 2);
const apiError = (kind: ApiError['kind'], status?: number) =>
  new ApiError({ kind, endpoint: '/x', detail: '', status });
const s500: RequestFailure = { noAnswer: false, error: apiError('http', 500) };
const none: RequestFailure = { noAnswer: true, error: apiError('network') };

const req = (key: string, feed: WallRequest['feed'], failure: RequestFailure | null, vnum = 1): WallRequest => ({
  key,
  feed,
  vnum,
  name: key,
  failure,
});
const since = (keys: string[], t = T0) => Object.fromEntries(keys.map((k) => [k, t]));

describe('wallVerdict', () => {
  it('names a failing seismic endpoint for the wall, not a lost connection, while images answer', () => {
    const requests = [req('CLCL', 'seismic', s500), req('CLES', 'seismic', s500), req('CLNE', 'images', null)];
    const feeds = feedStates(requests, since(['CLCL', 'CLES']), NOW);
    const v = wallVerdict(feeds);
    expect(v?.kind).toBe('feeds');
    if (v?.kind !== 'feeds') return;
    expect(v.failing.map((f) => feedFailureText(f, NOW, true))).toEqual([
      'RSAM failing since 14:02 UTC: the service answers 500 (every channel)',
    ]);
    expect(v.others.map(feedAnsweringText)).toEqual(['Images still updating.']);
  });

  it('does not call a service that answers 500 everywhere a lost connection', () => {
    const requests = [req('CLCL', 'seismic', s500), req('CLNE', 'images', s500)];
    const v = wallVerdict(feedStates(requests, since(['CLCL', 'CLNE']), NOW));
    expect(v?.kind).toBe('feeds');
    if (v?.kind === 'feeds') expect(v.others).toEqual([]);
  });

  it('says the connection is lost only when no request gets an answer, from when the last one failed', () => {
    const requests = [req('CLCL', 'seismic', none), req('CLNE', 'images', none)];
    expect(wallVerdict(feedStates(requests, { CLCL: T0, CLNE: T0 + 60_000 }, NOW))).toEqual({
      kind: 'lost',
      since: T0 + 60_000,
    });
    // One answer anywhere, even a 500, is not a lost connection.
    expect(
      wallVerdict(feedStates([req('CLCL', 'seismic', none), req('CLNE', 'images', s500)], since(['CLCL', 'CLNE']), NOW))
        ?.kind,
    ).toBe('feeds');
  });

  it('leaves a failure of some requests to their tiles', () => {
    const requests = [req('CLCL', 'seismic', s500), req('CLES', 'seismic', null), req('CLNE', 'images', null)];
    expect(wallVerdict(feedStates(requests, since(['CLCL']), NOW))).toBeNull();
    expect(wallVerdict([])).toBeNull();
  });

  it('lets a tile say its failure short only where the banner says it in full', () => {
    const wall = [
      req('CLCL', 'seismic', s500, 1),
      req('CLNE', 'images', null, 1),
      req('OKCF', 'images', s500, 2),
      req('VPMI', 'images', null, 3),
    ];
    const feeds = (vnum: number) =>
      feedStates(
        wall.filter((r) => r.vnum === vnum),
        since(['CLCL', 'OKCF']),
        NOW,
      );
    // RSAM fails on every channel: the banner names it; one camera of three failing is the tile's to say.
    const v = wallVerdict(feedStates(wall, since(['CLCL', 'OKCF']), NOW));
    expect(bannerSays(v, feeds(1))).toBe(true);
    expect(bannerSays(v, feeds(2))).toBe(false);
    expect(bannerSays(v, feeds(3))).toBe(false);
    expect(bannerSays(null, feeds(1))).toBe(false);
  });
});

describe('feedFailureText', () => {
  it('names the requests that fail when not all fail alike, grouped by what happened', () => {
    const requests = [
      req('Infrared CLNE', 'images', s500),
      req('Visible CLNE', 'images', { noAnswer: false, error: apiError('malformed') }),
      req('Visible OKCF', 'images', s500),
      req('Infrared VPMI', 'images', null),
    ];
    const [images] = feedStates(requests, since(['Infrared CLNE', 'Visible CLNE', 'Visible OKCF']), NOW);
    expect(feedFailureText(images!, NOW)).toBe(
      'Images failing since 14:02 UTC: the service answers 500 (Infrared CLNE, Visible OKCF); ' +
        'the service sends answers it cannot read (Visible CLNE)',
    );
    expect(feedAnsweringText(images!)).toBe('Images: 1 of 4 cameras updating.');
  });

  it('says since the first failure of the run, with the date when not today', () => {
    const [seismic] = feedStates(
      [req('a', 'seismic', none), req('b', 'seismic', none)],
      { a: Date.UTC(2026, 10, 19, 23, 50), b: T0 },
      NOW,
    );
    expect(feedFailureText(seismic!, NOW)).toBe('RSAM failing since 2026-11-19 23:50 UTC: no answer from the service');
    expect(feedFailureText({ feed: 'seismic', total: 2, failed: [] }, NOW)).toBeNull();
  });
});

describe('tileFailure', () => {
  const at = (requests: WallRequest[]) =>
    tileFailure(feedStates(requests, since(requests.filter((r) => r.failure).map((r) => r.key)), NOW));
  it('labels what fails, and "unreachable" only for no answer at all', () => {
    expect(at([req('a', 'seismic', s500), req('b', 'images', null)])).toEqual({
      status: 'failing',
      label: 'RSAM failing',
    });
    expect(at([req('a', 'seismic', null), req('b', 'images', s500)])).toEqual({
      status: 'failing',
      label: 'Images failing',
    });
    expect(at([req('a', 'seismic', s500), req('b', 'images', s500)])).toEqual({
      status: 'failing',
      label: 'All data failing',
    });
    expect(
      at([req('a', 'seismic', s500), req('c', 'seismic', null), req('b', 'images', none), req('d', 'images', null)]),
    ).toEqual({
      status: 'failing',
      label: 'Data failing',
    });
    expect(at([req('a', 'seismic', none), req('b', 'images', none)])).toEqual({
      status: 'unreachable',
      label: 'Service unreachable',
    });
    expect(at([req('b', 'images', s500)])).toEqual({ status: 'failing', label: 'Images failing' });
    expect(at([req('a', 'seismic', null)])).toBeNull();
  });
});

describe('wallRequests', () => {
  const result = (r: Partial<UseQueryResult<unknown>>) =>
    ({ isError: false, fetchStatus: 'idle', errorUpdatedAt: 0, ...r }) as UseQueryResult<never>;
  it('reads each channel and camera, a held endpoint as a rate limit, and skips channels not asked for', () => {
    const cleveland = findVolcano(311240)!;
    const data: VolcanoData = {
      volcano: cleveland,
      channels: [
        {
          id: 'AV.CLCL..BHZ',
          ref: parseChannelId('AV.CLCL..BHZ')!,
          station: 'CLCL',
          shown: true,
          listed: true,
          result: result({ fetchStatus: 'fetching' }),
        },
        {
          id: 'AV.CLES..BHZ',
          ref: parseChannelId('AV.CLES..BHZ')!,
          station: 'CLES',
          shown: true,
          listed: false,
          result: null,
        },
      ],
      cameras: [
        {
          site: 'CLNE',
          imageType: 'infrared',
          result: result({ isError: true, error: apiError('http', 503), errorUpdatedAt: T0 }),
          deep: null,
          newest: firstAnswered,
        },
      ],
    };
    const held = NOW + 30_000;
    const [rsam, image] = wallRequests([data], { seismic: held, images: null });
    expect(rsam).toEqual({
      key: 'rsam AV.CLCL..BHZ',
      feed: 'seismic',
      vnum: 311240,
      name: 'AV.CLCL..BHZ',
      failure: { noAnswer: false, rateLimitedUntil: held },
    });
    expect(image).toMatchObject({ key: 'image CLNE infrared', feed: 'images', name: 'Infrared CLNE', at: T0 });
    expect(image!.failure!.noAnswer).toBe(false);
    expect(feedFailureText(feedStates([rsam!, image!], {}, NOW)[0]!, NOW)).toBe(
      'RSAM failing since 14:30 UTC: rate limited, waiting',
    );
    expect(feedFailureText(feedStates([rsam!, image!], {}, NOW)[1]!, NOW)).toBe(
      'Images failing since 14:30 UTC: the service answers 503',
    );
    expect(wallRequests([data], { seismic: null, images: null })[0]!.failure).toBeNull();
  });
});
