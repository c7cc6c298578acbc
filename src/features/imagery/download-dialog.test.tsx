import { useEffect } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { unzipSync } from 'fflate';
import { parseManifestCsv } from '../../domain/manifest-csv';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../mocks/node';
import { useTestConfig } from '../../test/test-config';
import { imageryQueries } from '../../api/imagery/imagery';
import { DownloadDialog, type DownloadMode } from './download-dialog';
import { DEFAULT_FILTERS, toImageryQuery, type ImageryFilters } from './imagery-params';
import { resetSelectionForTests, useSelectionActions, type SelectedImage } from './selection-store';
import { resetZipCapForTests } from '../../downloads/zip-cap';

const Q = 'http://api.test/api/imagery/q';

// jsdom has no service worker, so ZIPs take the in-memory path and end in an object URL: the blob
// handed to it is the file a person would get.
const saved: Blob[] = [];
beforeEach(() => {
  useTestConfig();
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
  URL.createObjectURL = vi.fn((b: Blob) => {
    saved.push(b);
    return 'blob:zip';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  resetSelectionForTests();
  resetZipCapForTests();
});
afterEach(() => {
  saved.length = 0;
});
/** The ZIPs saved, without the manifests saved beside them. */
const zips = () => saved.filter((b) => b.type !== 'text/csv');
const manifests = () => saved.filter((b) => b.type === 'text/csv');

const WEEK: ImageryFilters = {
  ...DEFAULT_FILTERS,
  imageType: 'visible',
  site: 'RKPI',
  vnum: 357120,
  from: Date.UTC(2025, 0, 1),
  to: Date.UTC(2025, 0, 7, 23, 59, 59),
};
const DAY_HOURLY: ImageryFilters = { ...WEEK, to: Date.UTC(2025, 0, 1, 23, 59, 59), freq: 'hourly' };

function Select({ images }: { images: SelectedImage[] }) {
  const { pageSelected } = useSelectionActions();
  useEffect(() => pageSelected(images, true), [images, pageSelected]);
  return null;
}

function renderDialog(
  filters: ImageryFilters,
  opts: { estimate?: object; mode?: DownloadMode; select?: SelectedImage[] } = {},
) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (opts.estimate)
    qc.setQueryData(
      imageryQueries.estimate({ ...toImageryQuery(filters), limit: undefined }).queryKey,
      opts.estimate as never,
    );
  const onApplyFilters = vi.fn();
  render(
    <QueryClientProvider client={qc}>
      {opts.select && <Select images={opts.select} />}
      <DownloadDialog
        mode={opts.mode ?? 'all'}
        filters={filters}
        onApplyFilters={onApplyFilters}
        onClose={() => undefined}
      />
    </QueryClientProvider>,
  );
  return { onApplyFilters, user: userEvent.setup() };
}

const LARGE = {
  total_images: 6720,
  estimated_size_mb: 1680,
  estimated_time_seconds: 336,
  warning: 'large_dataset',
  suggestion: 'Consider freq=hourly or freq=daily.',
};

async function downloadButton() {
  return screen.findByRole('button', { name: /^Download \d+ images$/ }, { timeout: 10_000 });
}

describe('DownloadDialog', () => {
  it('shows the estimate, the warning with the server’s suggestion, and applies hourly sampling', async () => {
    const { onApplyFilters, user } = renderDialog(WEEK, { estimate: LARGE });
    expect(screen.getByTestId('estimate-count')).toHaveTextContent('6,720');
    expect(screen.getByText('1.6 GB')).toBeInTheDocument();
    expect(screen.getByText(/Consider freq=hourly or freq=daily/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use hourly sampling' }));
    expect(onApplyFilters).toHaveBeenCalledWith(expect.objectContaining({ freq: 'hourly', site: 'RKPI', page: 1 }));
    // Local days 1–7 January at RKPI (UTC−3) become the whole UTC days they touch: hourly reads
    // From/To as a daily UTC window, which must not cross midnight.
    const f = onApplyFilters.mock.calls[0]![0] as ImageryFilters;
    expect([f.from, f.to]).toEqual([Date.UTC(2025, 0, 1), Date.UTC(2025, 0, 8, 23, 59, 59)]);
  });

  it('a cancelled estimate offers to estimate again, and that estimate arrives', async () => {
    let release = () => {};
    let asked = 0;
    server.use(
      http.get(Q, async () => {
        asked++;
        if (asked === 1) await new Promise<void>((r) => (release = r));
        return HttpResponse.json({ ...LARGE, warning: null, suggestion: null, total_images: 42 });
      }),
    );
    const { user } = renderDialog(WEEK);
    await screen.findByText('Estimating the download…');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    release();
    await user.click(await screen.findByRole('button', { name: 'Estimate again' }));
    expect(await screen.findByTestId('estimate-count')).toHaveTextContent('42');
    expect(asked).toBe(2);
  });

  it('says that sampling needs a site when none is chosen', () => {
    renderDialog({ ...WEEK, site: undefined }, { estimate: LARGE });
    expect(screen.getByRole('button', { name: 'Use daily sampling' })).toBeDisabled();
    expect(screen.getByText(/need one camera site/)).toBeInTheDocument();
  });

  it('downloads only after confirmation: the service’s ZIP, streamed and saved whole', async () => {
    let zipRequests = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('download=true')) zipRequests++;
    });
    const { user } = renderDialog(DAY_HOURLY);
    const button = await downloadButton();
    const count = Number(/\d+/.exec(button.textContent ?? '')![0]);
    expect(zipRequests).toBe(0);
    await user.click(button);
    // Named by volcano, site, type and span; its list of images saved beside it.
    await screen.findByText(
      /^Saved villarrica_RKPI_visible_2025-01-01T00-00Z_2025-01-02T00-00Z\.zip \([\d.]+ MB\) with its list of images, villarrica_RKPI_visible_2025-01-01T00-00Z_2025-01-02T00-00Z_manifest\.csv to your downloads\.$/,
      undefined,
      { timeout: 10_000 },
    );
    expect(zipRequests).toBe(1);
    const entries = Object.keys(unzipSync(new Uint8Array(await zips()[0]!.arrayBuffer())));
    expect(entries).toHaveLength(count);
    for (const e of entries)
      expect(e).toMatch(/^[^/]+\/visible\/357120\/RKPI\/357120\.RKPI\.2025\.001_\d{6}-\d{4}\.jpg$/);
    // One manifest row per entry: the same files, with their UTC and site times.
    const rows = parseManifestCsv(await manifests()[0]!.text());
    expect(rows.map((r) => r.file_name).sort()).toEqual(entries.map((e) => e.replace(/^[^/]+\//, '')).sort());
    for (const r of rows) {
      expect(r.utc_time).toMatch(/^2025-01-01T\d\d:\d\d:\d\dZ$/);
      expect(r.local_zone).toBe('UTC-03:00 America/Santiago');
      expect(r.flags).toMatch(/^is_empty=(yes|no); is_night=(yes|no); low_visibility=(yes|no)$/);
    }
    server.events.removeAllListeners();
  });

  it('a 503 is said in plain words, is not re-requested by itself, and Retry is one click', async () => {
    let calls = 0;
    server.use(
      http.get(Q, ({ request }) => {
        if (!request.url.includes('download=true')) return undefined;
        calls++;
        if (calls === 1) return HttpResponse.json({ error: true, status_code: 503, detail: 'busy' }, { status: 503 });
        return undefined;
      }),
    );
    const { user } = renderDialog(DAY_HOURLY);
    await user.click(await downloadButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The download failed: The service failed while preparing the ZIP (503)');
    expect(calls).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText(/^Saved villarrica_RKPI_visible_/, undefined, { timeout: 10_000 });
    expect(calls).toBe(2);
  });

  it('a 413 teaches the cap its body states, and offers the rest as ZIPs by span: every image once', async () => {
    // A service that zips at most 100 images; the app was configured for 2,000.
    server.use(
      http.get(Q, async ({ request }) => {
        const url = new URL(request.url);
        if (url.searchParams.get('download') !== 'true') return undefined;
        const list = new URL(url);
        list.searchParams.delete('download');
        list.searchParams.set('limit', '1');
        const n = ((await (await fetch(list)).json()) as { pagination: { total_count: number } }).pagination
          .total_count;
        if (n <= 100) return undefined;
        return HttpResponse.json(
          { error: true, status_code: 413, detail: `${n} images requested; at most 100 per download` },
          { status: 413 },
        );
      }),
    );
    const week = { ...WEEK, freq: 'hourly' as const, from: Date.UTC(2025, 0, 1), to: Date.UTC(2025, 0, 7, 23, 59, 59) };
    const { user } = renderDialog(week);
    const button = await screen.findByRole('button', { name: 'Download 168 images' }, { timeout: 10_000 });
    await user.click(button);
    const failure = await screen.findByText(/The download failed:/);
    expect(failure.closest('[role="alert"]')).toHaveTextContent(/too large \(413\)/);
    // The offer: said before it starts, spans of whole UTC days (hourly's daily window), each within 100.
    const notice = await screen.findByTestId('zip-split-notice');
    expect(notice).toHaveTextContent(
      'The service’s answer names a cap of 100 images a ZIP. 168 images is more than the service will put in one ZIP (cap 100, learned from its refusal); this will be 2 ZIP files, each a span of time:',
    );
    expect(notice).toHaveTextContent('ZIP 1: UTC days 2025-01-01 to 2025-01-04 — 96 images');
    expect(notice).toHaveTextContent('ZIP 2: UTC days 2025-01-05 to 2025-01-07 — 72 images');
    await user.click(screen.getByRole('button', { name: 'Download as 2 ZIP files' }));
    await screen.findByText(
      /^Saved .*_1-of-2\.zip .*_2-of-2\.zip .* to your downloads\. All 2 ZIP files are complete\.$/,
      undefined,
      {
        timeout: 10_000,
      },
    );
    const names = (
      await Promise.all(zips().map(async (b) => Object.keys(unzipSync(new Uint8Array(await b.arrayBuffer())))))
    )
      .flat()
      .map((n) => n.split('/').pop());
    expect(names).toHaveLength(168);
    expect(new Set(names).size).toBe(168);
  });

  it('a volcano without one site downloads sampled as one ZIP per camera, said before it starts', async () => {
    const day: ImageryFilters = {
      ...DEFAULT_FILTERS,
      imageType: 'infrared',
      vnum: 383010,
      site: undefined,
      from: Date.UTC(2025, 2, 3),
      to: Date.UTC(2025, 2, 3, 23, 59, 59),
    };
    const { user } = renderDialog(day);
    await user.click(await screen.findByRole('button', { name: 'Hourly, one ZIP per camera' }));
    expect(await screen.findAllByTestId('camera-estimate-count', undefined, { timeout: 10_000 })).toHaveLength(2);
    const notice = await screen.findByTestId('zip-split-notice');
    expect(notice).toHaveTextContent('This will be 2 ZIP files, one per camera, downloaded one after another:');
    expect(notice).toHaveTextContent('ZIP 1: CV01 — 24 images');
    await user.click(screen.getByRole('button', { name: 'Download 48 images as 2 ZIP files' }));
    await screen.findByText(/All 2 ZIP files are complete\.$/, undefined, { timeout: 10_000 });
    const sites = await Promise.all(
      zips().map(async (b) => [
        ...new Set(Object.keys(unzipSync(new Uint8Array(await b.arrayBuffer()))).map((n) => n.split('/')[3])),
      ]),
    );
    expect(sites).toEqual([['CV01'], ['CV02']]);
  });

  it('a page answered instead of a ZIP is an error in the dialog, and nothing is saved', async () => {
    server.use(
      http.get(Q, ({ request }) =>
        request.url.includes('download=true')
          ? new HttpResponse('PK<!doctype html><script>localStorage.setItem("ran", "1")</script>', {
              headers: { 'Content-Type': 'text/html' },
            })
          : undefined,
      ),
    );
    const { user } = renderDialog(DAY_HOURLY);
    await user.click(await downloadButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /The download failed: The service did not send a ZIP file.*not a ZIP file/,
    );
    expect(saved).toHaveLength(0);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it('shows bytes as they arrive, and Cancel stops the download and keeps nothing', async () => {
    let signal: AbortSignal | undefined;
    server.use(
      http.get(Q, ({ request }) => {
        if (!request.url.includes('download=true')) return undefined;
        signal = request.signal;
        // Three megabytes, then nothing more until cancelled.
        const body = new ReadableStream<Uint8Array>({
          start(c) {
            c.enqueue(new Uint8Array([0x50, 0x4b, 3, 4]));
            c.enqueue(new Uint8Array(3 * 1_048_576 - 4));
          },
        });
        return new HttpResponse(body, {
          headers: { 'Content-Type': 'application/zip', 'Content-Length': String(10 * 1_048_576) },
        });
      }),
    );
    const { user } = renderDialog(DAY_HOURLY);
    await user.click(await downloadButton());
    await waitFor(() => expect(screen.getByTestId('zip-progress')).toHaveTextContent(/^3\.0 MB of 10\.0 MB — 30 %$/));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByText('Download cancelled; nothing of the unfinished file was kept.');
    expect(signal?.aborted).toBe(true);
    expect(screen.queryByText(/^Saved/)).not.toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });

  it('says before it starts that a long selection becomes several ZIPs', async () => {
    const select = Array.from({ length: 500 }, (_, i): SelectedImage => ({
      id: `357120.RKPI.2025.001_${String(i).padStart(6, '0')}-0001`,
      imageType: 'visible',
    }));
    renderDialog(WEEK, { mode: 'selected', select });
    expect(await screen.findByTestId('zip-split')).toHaveTextContent(/^3 ZIP files of up to \d{3} images each$/);
    expect(screen.getByRole('button', { name: 'Download 500 selected' })).toBeEnabled();
  });
});
