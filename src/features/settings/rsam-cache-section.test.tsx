import { IDBFactory } from 'fake-indexeddb';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { idbChunkStore, setRsamCacheStore } from '../../api/cache/rsam-cache';
import { RsamCacheSection } from './rsam-cache-section';

afterEach(() => setRsamCacheStore(undefined));

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RsamCacheSection />
    </QueryClientProvider>,
  );
}

describe('settings: stored seismic data', () => {
  it('shows what the cache holds and empties it on request', async () => {
    const store = idbChunkStore({ factory: new IDBFactory() });
    const n = 65_536; // 1 MB of columns
    await store.put({
      key: 'AV.CLCL..BHZ|20250101|20250131',
      channel: { network: 'AV', station: 'CLCL', location: '', channel: 'BHZ' },
      windowSec: 60,
      times: new Float64Array(n),
      values: new Float64Array(n),
    });
    setRsamCacheStore(store);
    renderSection();
    expect(await screen.findByText('1.0 MB in 1 chunks')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear cache' }));
    expect(await screen.findByText('0.0 MB in 0 chunks')).toBeInTheDocument();
    expect((await store.usage()).chunks).toBe(0);
  });

  it('says so when the browser keeps nothing', () => {
    setRsamCacheStore(null);
    renderSection();
    expect(screen.getByText(/nothing is kept/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear cache' })).toBeNull();
  });
});
