import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { imageryQueries } from '../../api/imagery';
import { DownloadDialog } from './download-dialog';
import { DEFAULT_FILTERS, toImageryQuery, type ImageryFilters } from './imagery-params';
import { resetSelectionForTests } from './selection-store';

const downloadAll = vi.fn();
const downloadSelected = vi.fn();
vi.mock('../../api/imagery', async (importOriginal) => {
  const orig = await importOriginal<typeof import('../../api/imagery')>();
  return {
    ...orig,
    downloadAll: (...a: unknown[]) => downloadAll(...a),
    downloadSelected: (...a: unknown[]) => downloadSelected(...a),
  };
});
const saveBlob = vi.fn();
vi.mock('../../ui/save-file', () => ({ saveBlob: (...a: unknown[]) => saveBlob(...a) }));

// jsdom lacks <dialog>'s modal methods.
beforeEach(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
  resetSelectionForTests();
});
afterEach(() => {
  downloadAll.mockReset();
  downloadSelected.mockReset();
  saveBlob.mockReset();
});

const WEEK: ImageryFilters = {
  ...DEFAULT_FILTERS,
  imageType: 'visible',
  site: 'RKPI',
  vnum: 357120,
  from: Date.UTC(2025, 0, 1),
  to: Date.UTC(2025, 0, 7, 23, 59, 59),
};

function renderDialog(filters: ImageryFilters, estimate: object) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  qc.setQueryData(
    imageryQueries.estimate({ ...toImageryQuery(filters), limit: undefined }).queryKey,
    estimate as never,
  );
  const onApplyFilters = vi.fn();
  render(
    <QueryClientProvider client={qc}>
      <DownloadDialog mode="all" filters={filters} onApplyFilters={onApplyFilters} onClose={() => undefined} />
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

describe('DownloadDialog', () => {
  it('shows the estimate, the warning with the server’s suggestion, and applies hourly sampling', async () => {
    const { onApplyFilters, user } = renderDialog(WEEK, LARGE);
    expect(screen.getByTestId('estimate-count')).toHaveTextContent('6,720');
    expect(screen.getByText('1.6 GB')).toBeInTheDocument();
    expect(screen.getByText(/Consider freq=hourly or freq=daily/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use hourly sampling' }));
    expect(onApplyFilters).toHaveBeenCalledWith(expect.objectContaining({ freq: 'hourly', site: 'RKPI', page: 1 }));
    expect(downloadAll).not.toHaveBeenCalled();
  });

  it('says that sampling needs a site when none is chosen', () => {
    renderDialog({ ...WEEK, site: undefined }, LARGE);
    expect(screen.getByRole('button', { name: 'Use daily sampling' })).toBeDisabled();
    expect(screen.getByText(/need one camera site/)).toBeInTheDocument();
  });

  it('downloads only after confirmation, and saves the ZIP', async () => {
    const blob = new Blob([new Uint8Array([0x50, 0x4b, 3, 4])]);
    downloadAll.mockResolvedValue({ blob, filename: 'volcano_images_visible_RKPI.zip' });
    const { user } = renderDialog(WEEK, { ...LARGE, total_images: 168, warning: null, suggestion: null });
    expect(downloadAll).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Download 168 images' }));
    await screen.findByText(/Saved volcano_images_visible_RKPI.zip/);
    expect(downloadAll).toHaveBeenCalledWith(
      expect.objectContaining({ site: 'RKPI', imageType: 'visible' }),
      expect.any(AbortSignal),
    );
    expect(saveBlob).toHaveBeenCalledWith(blob, 'volcano_images_visible_RKPI.zip');
  });

  it('can be cancelled, and a failure says why and retries', async () => {
    let signal: AbortSignal | undefined;
    downloadAll.mockImplementationOnce(
      (_q: unknown, s: AbortSignal) =>
        new Promise((_r, reject) => {
          signal = s;
          s.addEventListener('abort', () =>
            reject(new ApiError({ kind: 'aborted', endpoint: '/api/imagery/q', detail: 'cancelled' })),
          );
        }),
    );
    const { user } = renderDialog(WEEK, { ...LARGE, total_images: 10, warning: null, suggestion: null });
    await user.click(screen.getByRole('button', { name: 'Download 10 images' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(signal?.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    downloadAll.mockRejectedValueOnce(
      new ApiError({ kind: 'malformed', endpoint: '/api/imagery/q', detail: 'the download is not a ZIP file' }),
    );
    await user.click(screen.getByRole('button', { name: 'Download 10 images' }));
    expect(await screen.findByText(/the download is not a ZIP file/)).toBeInTheDocument();
    downloadAll.mockResolvedValueOnce({ blob: new Blob(['PK']), filename: 'x.zip' });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText(/Saved x.zip/);
  });
});
