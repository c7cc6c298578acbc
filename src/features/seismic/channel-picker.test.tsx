import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../mocks/node';
import { parseChannelId, type ChannelRef } from '../../domain/channel-id';
import { useTestConfig } from '../../test/test-config';
import { seismicQueries } from '../../api/seismic';
import { ChannelPicker } from './channel-picker';
import { RangeForm } from './range-form';

function Harness({ initial = [] as ChannelRef[] }) {
  const [selected, setSelected] = useState<ChannelRef[]>(initial);
  return <ChannelPicker selected={selected} onChange={setSelected} />;
}

function renderWithClient(ui: React.ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={qc}>{ui}</QueryClientProvider>);
  return userEvent.setup();
}

describe('ChannelPicker (against the mock service)', () => {
  beforeEach(() => useTestConfig());

  it('groups by volcano, filters as you type and marks the stale channel', async () => {
    const user = renderWithClient(<Harness />);
    expect(await screen.findByRole('group', { name: 'Poás' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Cleveland' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Filter channels'), 'RKPI');
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(4);
    // The mock's VC.RKPI..HDF stopped reporting six days ago.
    const hdf = await screen.findByRole('checkbox', { name: /VC\.RKPI\.\.HDF.*stale/ });
    expect(hdf).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /VC\.RKPI\.\.HHZ/ }).closest('label')).not.toHaveTextContent('stale');
    await user.click(hdf);
    expect(
      within(screen.getByRole('list', { name: 'Selected channels' })).getByText('VC.RKPI..HDF'),
    ).toBeInTheDocument();
  });

  it('says which listed channels differ only by location, since the RSAM request cannot ask for one', async () => {
    const ch = (location: string, channel = 'BHZ') => ({ network: 'AV', station: 'CLCL', location, channel });
    server.use(
      http.get('http://api.test/api/seismic/sites', () =>
        HttpResponse.json({ channels: [ch('00'), ch('01'), ch('00', 'BHN')], total: 3 }),
      ),
    );
    renderWithClient(<Harness />);
    const zero = await screen.findByRole('checkbox', { name: /^AV\.CLCL\.00\.BHZ/ });
    expect(zero.closest('label')).toHaveTextContent(
      'the same series as AV.CLCL.01.BHZ: the service takes no location code',
    );
    expect(screen.getByRole('checkbox', { name: /^AV\.CLCL\.01\.BHZ/ }).closest('label')).toHaveTextContent(
      'the same series as AV.CLCL.00.BHZ',
    );
    expect(screen.getByRole('checkbox', { name: /^AV\.CLCL\.00\.BHN/ }).closest('label')).not.toHaveTextContent(
      'same series',
    );
  });

  it('allows six channels and no more', async () => {
    const six = ['AV.CLCL..BHZ', 'AV.CLCL..BHN', 'AV.CLCL..BHE', 'AV.CLCO..BHZ', 'AV.CLCO..BHN', 'AV.CLCO..BHE'].map(
      (id) => parseChannelId(id)!,
    );
    renderWithClient(<Harness initial={six} />);
    expect(await screen.findByText(/6 of at most 6 chosen\. Remove one/)).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: /AV\.CLES\.\.BHZ/ })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /AV\.CLCL\.\.BHZ/ })).toBeEnabled();
  });

  it('draws the list at the browser’s first idle moment, saying it is coming until then', async () => {
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: IdleRequestCallback) => idle.push(cb));
    vi.stubGlobal('cancelIdleCallback', () => {});
    try {
      const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      render(
        <QueryClientProvider client={qc}>
          <Harness />
        </QueryClientProvider>,
      );
      const status = await screen.findByRole('status');
      expect(status).toHaveTextContent('Loading the channel list');
      // Once the channel list has arrived and been rendered: still no channel, and no "No channel matches".
      const arrived = (q: { queryKey: readonly unknown[] }) => qc.getQueryState(q.queryKey)?.status === 'success';
      await vi.waitFor(() => expect(arrived(seismicQueries.sites()) && arrived(seismicQueries.latest())).toBe(true));
      await act(async () => undefined);
      expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
      expect(screen.queryByText(/No channel matches/)).toBeNull();
      act(() => idle.forEach((cb) => cb({ didTimeout: false, timeRemaining: () => 10 })));
      expect(await screen.findByRole('checkbox', { name: /AV\.CLCL\.\.BHZ/ })).toBeInTheDocument();
      expect(screen.queryByRole('status')).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('shows a failed channel list in place with a retry', async () => {
    server.use(
      http.get('http://api.test/api/seismic/sites', () => HttpResponse.json({ detail: 'nope' }, { status: 400 })),
    );
    renderWithClient(<Harness />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/Loading the channel list/);
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('RangeForm', () => {
  beforeEach(() => useTestConfig());
  const NOW = Date.UTC(2025, 2, 10, 12);

  it('refuses a reversed range with a message and does not apply it', async () => {
    let applied = 0;
    const user = renderWithClient(
      <RangeForm
        range={{ kind: 'relative', amount: 7, unit: 'd' }}
        channels={[]}
        now={NOW}
        onChange={() => applied++}
      />,
    );
    await user.clear(screen.getByLabelText('From (UTC day)'));
    await user.type(screen.getByLabelText('From (UTC day)'), '2025-02-10');
    await user.clear(screen.getByLabelText('To (UTC day, inclusive)'));
    await user.type(screen.getByLabelText('To (UTC day, inclusive)'), '2025-02-01');
    await user.click(screen.getByRole('button', { name: 'Show these days' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The start day is after the end day');
    expect(applied).toBe(0);
  });

  it('greys out days without data for the chosen channel, once the calendar is unfolded', async () => {
    const user = renderWithClient(
      <RangeForm
        range={{ kind: 'absolute', fromDay: Date.UTC(2025, 2, 1), toDay: Date.UTC(2025, 2, 3) }}
        channels={[parseChannelId('AV.CLCL..BHZ')!]}
        now={NOW}
        onChange={() => {}}
      />,
    );
    // Folded, the calendar is not there to read.
    expect(screen.queryByRole('grid')).toBeNull();
    await user.click(screen.getByText('Calendar of days with data'));
    // Data runs to "now" (2025-03-10) in the mock; later days of March have none.
    expect(await screen.findByRole('button', { name: '2025-03-09' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '2025-03-11, no data, in the future' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });
});
