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
    expect(h.noteChunkKept(A, 'A|1')).toBe(true);
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

  it('notes each channel under a key of its own, so two tabs noting at once cannot drop each other', async () => {
    const tab1 = await page();
    const tab2 = await page();
    tab1.noteChunkKept(A, 'A|1');
    tab2.noteChunkKept(B, 'B|1');
    const next = await page();
    expect(next.mayHoldChunk(A, 'A|9')).toBe(true);
    expect(next.mayHoldChunk(B, 'B|9')).toBe(true);
  });

  it('says a chunk whose note cannot be written must not be kept, and looks everything up where storage cannot be read', async () => {
    const h = await page();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(h.noteChunkKept(A, 'A|1')).toBe(false);
    // Not sent to be kept: this page does not look it up either.
    expect(h.mayHoldChunk(A, 'A|1')).toBe(false);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect((await page()).mayHoldChunk(B, 'B|1')).toBe(true);
  });
});
