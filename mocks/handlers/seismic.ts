/** Seismic RSAM endpoints (spec 01 §4.1–4.4). */
import { http, type RequestHandler } from 'msw';
import { DAY_MS, parseCompactDay } from '../data/clock';
import { mockState } from '../state';
import { findChannel, latestDate, RSAM_CHANNELS, rsamDates, rsamJson, WINDOW_SEC } from '../data/rsam';
import { errorResponse, guarded, jsonResponse, jsonText, missing, validationResponse, type ValidationIssue } from './common';

export function seismicHandlers(apiBaseUrl: string): RequestHandler[] {
  const base = `${apiBaseUrl}/api/seismic`;
  return [
    http.get(
      `${base}/rsam`,
      guarded('rsam', 100, ({ request }) => {
        const q = new URL(request.url).searchParams;
        const names = ['network', 'station', 'channel', 'datefrom', 'dateto'] as const;
        const errs: ValidationIssue[] = names.filter((n) => q.get(n) === null).map(missing);
        if (errs.length) return validationResponse(request, errs);
        const network = q.get('network') ?? '';
        const station = q.get('station') ?? '';
        const channel = q.get('channel') ?? '';
        const datefrom = q.get('datefrom') ?? '';
        const dateto = q.get('dateto') ?? '';
        const from = parseCompactDay(datefrom);
        if (from === null) return errorResponse(400, 'Invalid datefrom format. Expected YYYYMMDD');
        const to = parseCompactDay(dateto);
        if (to === null) return errorResponse(400, 'Invalid dateto format. Expected YYYYMMDD');
        if (from > to) return errorResponse(400, 'datefrom must be <= dateto');
        const ch = findChannel(network, station, channel);
        if (!ch) {
          // Not shown in the spec: an unknown channel answers 200 with one empty series, as a
          // time-series store would for a key without rows (no 404 for "no data").
          return jsonResponse({
            series: [{ network, station, location: '', channel, window_sec: WINDOW_SEC, points: [] }],
            datefrom,
            dateto,
            query: { network, station, channel, datefrom, dateto },
          });
        }
        return jsonText(rsamJson(ch, from, to + DAY_MS - 1, mockState.now, { datefrom, dateto }));
      }),
    ),
    http.get(
      `${base}/sites`,
      guarded('sites', 60, () => jsonResponse({ channels: RSAM_CHANNELS.map((c) => ({ ...c })), total: RSAM_CHANNELS.length })),
    ),
    http.get(
      `${base}/dates`,
      guarded('dates', 60, ({ request }) => {
        const q = new URL(request.url).searchParams;
        const errs = (['network', 'station', 'channel'] as const).filter((n) => q.get(n) === null).map(missing);
        if (errs.length) return validationResponse(request, errs);
        const network = q.get('network') ?? '';
        const station = q.get('station') ?? '';
        const channel = q.get('channel') ?? '';
        const ch = findChannel(network, station, channel);
        // Unknown channel (not shown): no dates, like the empty series of /rsam.
        return jsonResponse({ dates: ch ? rsamDates(ch, mockState.now) : [], network, station, channel });
      }),
    ),
    http.get(
      `${base}/rsam/latest`,
      guarded('latest', 60, () => {
        const channels = RSAM_CHANNELS.map((c) => ({ ...c, latest_date: latestDate(c, mockState.now) }));
        return jsonResponse({ channels, total: channels.length });
      }),
    ),
  ];
}
