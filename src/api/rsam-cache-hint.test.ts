const A = 'https://api.example|AV.CLCL..BHZ';
const B = 'https://api.example|AV.CLES..BHZ';

/** The module as a fresh page finds it (its memory of this page's asks starts empty). */
async function page() {
  vi.resetModules();
  return import('./rsam-cache-hint');
}

beforeEach(() => localStorage.clear());

describe('rsam cache hints', () => {
  it('sends no chunk of a channel never kept to the cache, though the channel is noted at once', async () => {
    const h = await page();
    expect(h.mayHoldChunk(A, 'A|1')).toBe(false);
    h.noteChunkKept(A, 'A|1');
    // The second chunk of the same first visit: still nothing to look up.
    expect(h.mayHoldChunk(A, 'A|2')).toBe(false);
    // The first again (a refetch in this page): it went to be kept, so look.
    expect(h.mayHoldChunk(A, 'A|1')).toBe(true);
    // The next page finds the channel noted and looks every chunk up; not another channel's.
    const next = await page();
    expect(next.mayHoldChunk(A, 'A|2')).toBe(true);
    expect(next.mayHoldChunk(B, 'B|1')).toBe(false);
    // Another service address is another channel.
    expect(next.mayHoldChunk('http://127.0.0.1:8890|AV.CLCL..BHZ', 'x')).toBe(false);
  });

  it('looks every chunk up when the hints are unreadable, and leaves them so', async () => {
    localStorage.setItem('rsam-cache-channels', '{not json');
    const h = await page();
    expect(h.mayHoldChunk(A, 'A|1')).toBe(true);
    h.noteChunkKept(B, 'B|1');
    expect(localStorage.getItem('rsam-cache-channels')).toBe('{not json');
    localStorage.setItem('rsam-cache-channels', '{"A": 1}');
    expect((await page()).mayHoldChunk(B, 'B|1')).toBe(true);
  });

  it('errs towards looking when a note cannot be written', async () => {
    const h = await page();
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementationOnce(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    h.noteChunkKept(A, 'A|1');
    expect(setItem).toHaveBeenCalledTimes(2);
    const next = await page();
    expect(next.mayHoldChunk(A, 'A|1')).toBe(true);
    expect(next.mayHoldChunk(B, 'B|1')).toBe(true);
  });

  it('keeps the channels noted last within its bound', async () => {
    const h = await page();
    for (let i = 0; i < h.HINT_MAX + 5; i++) h.noteChunkKept(`s|AV.S${i}..BHZ`, String(i));
    const next = await page();
    expect(next.mayHoldChunk('s|AV.S0..BHZ', '0')).toBe(false);
    expect(next.mayHoldChunk('s|AV.S5..BHZ', '5')).toBe(true);
    expect(next.mayHoldChunk(`s|AV.S${h.HINT_MAX + 4}..BHZ`, 'x')).toBe(true);
    expect(JSON.parse(localStorage.getItem('rsam-cache-channels')!)).toHaveLength(h.HINT_MAX);
  });
});
