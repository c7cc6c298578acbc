import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../mocks/node';
import { useTestConfig } from '../../test/test-config';
import { Component as ImageryRoute } from './imagery-route';
import { resetSelectionForTests } from './selection-store';
import { renderRoute } from '../../test/render-route';

const Q = 'http://api.test/api/imagery/q';

/**
 * A fixed set of 5 images served 2 a page; timestamps local (no Z) as for one site at freq=all.
 * Like the service, records carry no flags: the first image is night, and only filters say so.
 */
function pageBody(page: number, limit: number, local: boolean, sp: URLSearchParams) {
  const night = sp.get('is_night');
  const flagged = ['is_empty', 'is_degraded', 'low_visibility'].some((f) => sp.get(f) === 'true');
  const all = [0, 1, 2, 3, 4]
    .filter((i) => !flagged && (night === null || (night === 'true') === (i === 0)))
    .map((i) => ({
      image_id: `357120.RKPI.2025.001_0${i}0000-000${i}`,
      image_url: `https://images.test/archive/imagery/visible/357120/2025/RKPI/still/001/357120.RKPI.2025.001_0${i}0000-000${i}.jpg`,
      vnum: 357120,
      site: 'RKPI',
      timestamp: local ? `2025-01-01T0${i}:00:00` : `2025-01-01T0${i}:00:00Z`,
      image_type: 'visible',
      frame: 0,
      file_format: 'jpg',
      created_at: '2025-01-01T00:00:00Z',
      updated_at: null,
    }));
  const results = all.slice((page - 1) * limit, page * limit);
  const pages = Math.ceil(all.length / limit);
  return {
    results,
    pagination: {
      page,
      limit,
      total_count: all.length,
      total_pages: pages,
      has_prev: page > 1,
      has_next: page < pages,
      prev_page: page > 1 ? page - 1 : null,
      next_page: page < pages ? page + 1 : null,
      count: results.length,
    },
    query: {},
  };
}

beforeEach(() => {
  useTestConfig();
  resetSelectionForTests();
  // jsdom lacks the modal methods; like a browser, showModal focuses the first control inside.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
    this.querySelector<HTMLElement>('button, a, input')?.focus();
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
  server.use(
    http.get(Q, ({ request }) => {
      const u = new URL(request.url);
      if (u.searchParams.get('limit') === '3')
        return HttpResponse.json(
          {
            error: true,
            status_code: 422,
            detail: 'Validation error',
            errors: [{ type: 'int_parsing', loc: ['query', 'limit'], msg: 'Input should be a valid integer' }],
            path: '/api/imagery/q',
          },
          { status: 422 },
        );
      const local = (u.searchParams.get('freq') ?? 'all') === 'all' && u.searchParams.get('site') === 'RKPI';
      return HttpResponse.json(
        pageBody(
          Number(u.searchParams.get('page') ?? 1),
          Number(u.searchParams.get('limit') ?? 100),
          local,
          u.searchParams,
        ),
      );
    }),
    http.get('http://api.test/api/imagery/dates/range', () =>
      HttpResponse.json({
        visible: { min_date: '2024-01-01', max_date: '2025-03-10' },
        infrared: { min_date: '2024-01-01', max_date: '2025-03-10' },
      }),
    ),
    http.get('http://api.test/api/imagery/dates', ({ request }) => {
      const site = new URL(request.url).searchParams.get('site') ?? 'RKPI';
      return HttpResponse.json({ imageType: 'visible', sites: [{ site, vnum: 357120, dates: ['2025-01-01'] }] });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

function renderAt(url: string) {
  return { router: renderRoute('/imagery', ImageryRoute, url).router, user: userEvent.setup() };
}

describe('imagery route', () => {
  it('labels site-local times with the zone, pages, and the lightbox crosses page boundaries', async () => {
    const { router, user } = renderAt('/imagery?imageType=visible&site=RKPI&limit=2&order=asc');
    const grid = await screen.findByTestId('image-grid');
    const cards = within(grid).getAllByTestId('image-card');
    expect(cards).toHaveLength(2);
    // Santiago summer time: UTC-3; shown as given, labelled with the zone.
    expect(within(cards[0]!).getByText('2025-01-01 00:00:00 GMT-3')).toBeInTheDocument();
    // Learned from is_night=true and the other flag filters, not from the record.
    expect(await within(cards[0]!).findByText('Night')).toBeInTheDocument();
    expect(within(cards[1]!).queryByText('Night')).toBeNull();
    expect(within(cards[1]!).queryByText('Quality unknown')).toBeNull();
    expect(screen.getByText(/Images 1–2 of 5 · page 1 of 3/)).toBeInTheDocument();

    // Keyboard: arrows move the single tab stop.
    const opens = within(grid).getAllByRole('button', { name: /^Open image/ });
    expect(opens[0]).toHaveAttribute('tabindex', '0');
    expect(opens[1]).toHaveAttribute('tabindex', '-1');
    opens[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(opens[1]).toHaveFocus();
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Image 2 of 2 on page 1/)).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(await within(dialog).findByText(/Image 1 of 2 on page 2/)).toBeInTheDocument();
    expect(within(dialog).getByRole('heading')).toHaveTextContent('2025-01-01 02:00:00 GMT-3');
    expect(router.state.location.search).toContain('page=2');
    await user.keyboard('{ArrowLeft}');
    expect(await within(dialog).findByText(/Image 2 of 2 on page 1/)).toBeInTheDocument();
    expect(router.state.location.search).not.toContain('page=2');
  });

  it('asks for the flag lists once the page has been drawn, not in the task that renders its cards', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const flagAsks: string[] = [];
    server.use(
      http.get(Q, ({ request }) => {
        const sp = new URL(request.url).searchParams;
        for (const f of ['is_empty', 'is_night', 'low_visibility']) if (sp.has(f)) flagAsks.push(f);
        // Nothing returned: the request goes on to the page handler above.
      }),
    );
    const { client } = renderRoute('/imagery', ImageryRoute, '/imagery?imageType=visible&site=RKPI&limit=2&order=asc');
    const grid = await screen.findByTestId('image-grid');
    expect(within(grid).getAllByTestId('image-card')).toHaveLength(2);
    // The page is rendered and its effects have run: the flag lists are known to the cache, none
    // fetching or fetched, and nothing asked of the service.
    const flagQueries = client.getQueryCache().findAll({ queryKey: ['imagery', 'flags'] });
    expect(flagQueries.length).toBeGreaterThan(0);
    expect(flagQueries.map((q) => [q.state.fetchStatus, q.state.dataUpdatedAt])).toEqual(
      flagQueries.map(() => ['idle', 0]),
    );
    expect(flagAsks).toEqual([]);
    // The frame is drawn: now the lists are asked for, and the night frame is found.
    for (const cb of frames.splice(0)) cb(performance.now());
    expect(await within(grid).findByText('Night')).toBeInTheDocument();
    expect(flagAsks).toContain('is_night');
  });

  it('keeps the flags of the page on screen while the next page loads', async () => {
    const { user } = renderAt('/imagery?imageType=visible&site=RKPI&limit=2&order=asc');
    const grid = await screen.findByTestId('image-grid');
    expect(await within(grid).findByText('Night')).toBeInTheDocument();
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    server.use(
      http.get(Q, async ({ request }) => {
        const u = new URL(request.url);
        if (u.searchParams.get('page') !== '2') return undefined;
        await held;
        return HttpResponse.json(pageBody(2, 2, true, u.searchParams));
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    // The old page stays, dimmed and busy, with what is known of its frames, not "unknown" on each.
    expect(grid.closest('[aria-busy="true"]')).not.toBeNull();
    const cards = within(grid).getAllByTestId('image-card');
    expect(within(cards[0]!).getByText('Night')).toBeInTheDocument();
    expect(within(grid).queryByText('Quality unknown')).toBeNull();
    release();
    expect(await screen.findByText(/Images 3–4 of 5 · page 2 of 3/)).toBeInTheDocument();
    expect(within(screen.getByTestId('image-grid')).queryByText('Night')).toBeNull();
  });

  it('says a page past the end is past the end, and goes to the last page in one click', async () => {
    const { router, user } = renderAt('/imagery?imageType=visible&site=RKPI&limit=2&order=asc&page=9');
    expect(await screen.findByText('Page 9 is past the last page (3) of 5 images.')).toBeInTheDocument();
    expect(screen.getByText(/This page is past the end: the 5 matching images fill 3 pages/)).toBeInTheDocument();
    expect(screen.queryByText(/No images match/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Go to page 3' }));
    expect(await screen.findByText(/Images 5–5 of 5 · page 3 of 3/)).toBeInTheDocument();
    expect(router.state.location.search).toContain('page=3');
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
  });

  it('shows a 422 beside the parameter it names, and drops bad URL values with a notice', async () => {
    const { user } = renderAt('/imagery?imageType=visible&order=sideways&limit=2');
    expect(await screen.findByText(/Ignored order=sideways/)).toBeInTheDocument();
    await screen.findByTestId('image-grid');
    const size = screen.getByLabelText('Page size');
    await user.clear(size);
    await user.type(size, '3');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    const msg = await screen.findByText(/Service: Input should be a valid integer/);
    expect(size.getAttribute('aria-describedby')).toContain(msg.id);
  });
});
