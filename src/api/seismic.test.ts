import { fetchRsamDays, fetchSeismicSites } from './seismic';
import { useTestConfig } from '../test/test-config';

describe('seismic requests', () => {
  beforeEach(() => useTestConfig());
  afterEach(() => vi.restoreAllMocks());

  it('asks for RSAM chunks at low priority, so the channel list does not queue behind a year of them', async () => {
    const spy = vi.spyOn(globalThis, 'fetch');
    const day = Date.UTC(2025, 0, 1);
    await fetchRsamDays({
      channel: { network: 'AV', station: 'CLCL', location: '', channel: 'BHZ' },
      from: day,
      to: day,
    }).catch(() => undefined);
    await fetchSeismicSites();
    const initOf = (path: string) => spy.mock.calls.find(([u]) => String(u).includes(path))?.[1];
    expect(initOf('/api/seismic/rsam?')).toMatchObject({ priority: 'low' });
    expect(initOf('/api/seismic/sites')).toBeDefined();
    expect(initOf('/api/seismic/sites')?.priority).toBeUndefined();
  });
});
