import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestConfig } from '../../test/test-config';
import { Component as LegacyRoute } from './legacy-route';
import { renderRoute } from '../../test/render-route';

function renderAt(url: string) {
  return renderRoute('/legacy', LegacyRoute, url).router;
}

beforeEach(() => {
  useTestConfig();
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
    expect(screen.getByText(/v1 times are shown as the camera site’s local time/)).toBeInTheDocument();
    // Every capture time is the service's zone-less wall time read as Adak time (UTC−10, HAST, in
    // March before the 9th), inside the range asked for.
    const [, ...rows] = within(screen.getByRole('table')).getAllByRole('row');
    const captured = rows.map((row) => within(row).getAllByRole('cell')[3]?.textContent);
    expect(captured.length).toBeGreaterThan(1);
    for (const text of captured) expect(text).toMatch(/^2025-03-0[12] \d\d:\d\d:\d\d HAST$/);
    expect(screen.getByRole('link', { name: /Open this query in the v2 imagery view/ })).toHaveAttribute(
      'href',
      '/imagery?imageType=infrared&vnum=311240&datefrom=20250301100000&dateto=20250303100000',
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
      await screen.findByText(/No visible image has the id “missing-id”.*status 404 in the body/),
    ).toBeInTheDocument();
  });
});
