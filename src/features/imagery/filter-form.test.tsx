import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { imageryDateQueries } from '../../api/imagery/imagery-dates';
import { FilterForm } from './filter-form';
import { DEFAULT_FILTERS, type ImageryFilters } from './imagery-params';

// Availability is seeded into the cache so the form renders without a network.
function renderForm(filters: ImageryFilters, serverErrors: Record<string, string> = {}) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(imageryDateQueries.datesRange().queryKey, {
    infrared: { min_date: '2024-01-01', max_date: '2025-03-10' },
    visible: { min_date: '2024-01-01', max_date: '2025-03-10' },
  });
  for (const site of ['RKPI', 'CLNE', 'VPMI', 'OKCF'])
    for (const t of ['visible', 'infrared'] as const)
      qc.setQueryData(imageryDateQueries.dates(t, site).queryKey, {
        imageType: t,
        sites: [{ site, vnum: 0, dates: ['2025-01-01', '2025-01-02', '2025-01-03'] }],
      });
  const onApply = vi.fn();
  render(
    <QueryClientProvider client={qc}>
      <FilterForm filters={filters} serverErrors={serverErrors} onApply={onApply} />
    </QueryClientProvider>,
  );
  return { onApply, user: userEvent.setup() };
}

describe('FilterForm', () => {
  it('cannot submit night with infrared, and says why beside the field', async () => {
    const { onApply, user } = renderForm({ ...DEFAULT_FILTERS, imageType: 'visible' });
    await user.selectOptions(screen.getByLabelText('Day / night (visible only)'), 'true');
    await user.selectOptions(screen.getByLabelText('Image type'), 'infrared');
    const apply = screen.getByRole('button', { name: 'Apply filters' });
    expect(apply).toBeDisabled();
    expect(screen.getByLabelText('Day / night (visible only)')).toHaveAccessibleDescription(
      /visible images only; the service refuses it with infrared/,
    );
    await user.click(apply);
    expect(onApply).not.toHaveBeenCalled();
    // Clearing the flag makes the form valid again.
    await user.selectOptions(screen.getByLabelText('Day / night (visible only)'), '');
    expect(apply).toBeEnabled();
  });

  it('a change of image type drops a volcano that has no camera of that type', async () => {
    const { onApply, user } = renderForm({ ...DEFAULT_FILTERS, imageType: 'visible' });
    await user.selectOptions(screen.getByLabelText('Volcano'), '311290');
    await user.selectOptions(screen.getByLabelText('Image type'), 'infrared');
    expect(screen.getByLabelText('Volcano')).toHaveDisplayValue('Any volcano');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onApply.mock.calls[0]![0]).toMatchObject({ imageType: 'infrared', vnum: undefined, site: undefined });
  });

  it('requires a site for sampling', async () => {
    const { user } = renderForm({ ...DEFAULT_FILTERS, imageType: 'visible' });
    await user.click(screen.getByRole('radio', { name: /hourly/ }));
    expect(screen.getByRole('button', { name: 'Apply filters' })).toBeDisabled();
    expect(screen.getByRole('group', { name: 'Sampling (freq)' })).toHaveAccessibleDescription(/needs one camera site/);
    await user.selectOptions(screen.getByLabelText('Camera site'), 'RKPI');
    expect(screen.getByRole('button', { name: 'Apply filters' })).toBeEnabled();
  });

  it('applies the chosen filters from page 1, reading the date inputs as UTC', async () => {
    const { onApply, user } = renderForm({ ...DEFAULT_FILTERS, page: 4 });
    await user.selectOptions(screen.getByLabelText('Image type'), 'visible');
    await user.selectOptions(screen.getByLabelText('Camera site'), 'RKPI');
    await user.click(screen.getByRole('radio', { name: /hourly/ }));
    await user.type(screen.getByLabelText('From (UTC)'), '2025-01-01T06:00:00');
    expect(screen.getByText(/= 2025-01-01 03:00:00 GMT-3 at RKPI/)).toBeInTheDocument();
    // daily names local days: 06:00 UTC is still 2025-01-01 in Santiago (UTC-3), so that day is kept.
    await user.click(screen.getByRole('radio', { name: /daily/ }));
    expect(screen.getByLabelText('From (local day at RKPI, America/Santiago)')).toHaveValue('2025-01-01');
    await user.clear(screen.getByLabelText('Page size'));
    await user.type(screen.getByLabelText('Page size'), '50');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onApply).toHaveBeenCalledWith(
      expect.objectContaining({
        imageType: 'visible',
        site: 'RKPI',
        vnum: 357120,
        from: Date.UTC(2025, 0, 1),
        freq: 'daily',
        limit: 50,
        page: 1,
      }),
    );
  });

  it('bounds the pickers with the site’s available dates and rejects a page size over 200', async () => {
    const { user } = renderForm({
      ...DEFAULT_FILTERS,
      imageType: 'visible',
      site: 'RKPI',
      vnum: 357120,
      freq: 'hourly',
    });
    expect(screen.getByLabelText('From (UTC)')).toHaveAttribute('min', '2025-01-01T00:00:00');
    expect(screen.getByLabelText('To (UTC)')).toHaveAttribute('max', '2025-01-03T23:59:59');
    await user.clear(screen.getByLabelText('Page size'));
    await user.type(screen.getByLabelText('Page size'), '201');
    expect(screen.getByRole('button', { name: 'Apply filters' })).toBeDisabled();
  });

  it('shows a server message beside the parameter it names', () => {
    renderForm({ ...DEFAULT_FILTERS }, { limit: 'Input should be a valid integer' });
    const field = screen.getByLabelText('Page size');
    const msg = screen.getByText(/Service: Input should be a valid integer/);
    expect(field.getAttribute('aria-describedby')).toContain(msg.id);
  });

  it('with one site at freq=all, From/To are local days and the UTC span they cover is shown', async () => {
    const { onApply, user } = renderForm({ ...DEFAULT_FILTERS, imageType: 'visible' });
    await user.selectOptions(screen.getByLabelText('Camera site'), 'CLNE');
    const from = screen.getByLabelText('From (local day at CLNE, America/Adak)');
    await user.type(from, '2025-01-01');
    await user.type(screen.getByLabelText('To (local day at CLNE, America/Adak)'), '2025-01-03');
    // Adak is UTC-10 in winter: local midnight is 10:00 UTC, and the last day ends at 09:59:59 UTC on the 4th.
    expect(screen.getByText(/This covers 2025-01-01 10:00:00 UTC to 2025-01-04 09:59:59 UTC/)).toBeInTheDocument();
    expect(from.getAttribute('aria-describedby')).toContain(screen.getByText(/This covers/).id);
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onApply).toHaveBeenCalledWith(
      expect.objectContaining({ site: 'CLNE', from: Date.UTC(2025, 0, 1), to: Date.UTC(2025, 0, 3, 23, 59, 59) }),
    );
  });

  it('calls a local day missing from the archive only when the UTC days either side are missing too', async () => {
    // The dates list 1–3 January; whether it lists UTC or local days is not documented.
    const { user } = renderForm({ ...DEFAULT_FILTERS, imageType: 'visible', site: 'CLNE', vnum: 311240 });
    const from = screen.getByLabelText('From (local day at CLNE, America/Adak)');
    await user.type(from, '2025-01-04');
    // Local 4 January at Adak starts at 10:00 UTC on the 4th, but a listed 3rd is its neighbour.
    expect(screen.queryByText(/the archive lists no visible images at CLNE/)).toBeNull();
    await user.clear(from);
    await user.type(from, '2025-01-06');
    expect(screen.getByText(/the archive lists no visible images at CLNE on 2025-01-06/)).toBeInTheDocument();
  });

  it('leaving one site keeps the same stretch of time, now as a UTC range', async () => {
    const { onApply, user } = renderForm({
      ...DEFAULT_FILTERS,
      imageType: 'visible',
      site: 'CLNE',
      vnum: 311240,
      from: Date.UTC(2025, 0, 2),
      to: Date.UTC(2025, 0, 2, 23, 59, 59),
    });
    await user.selectOptions(screen.getByLabelText('Camera site'), '');
    expect(screen.getByLabelText('From (UTC)')).toHaveValue('2025-01-02T10:00');
    expect(screen.getByText('From and To are UTC.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onApply).toHaveBeenCalledWith(
      expect.objectContaining({ site: undefined, from: Date.UTC(2025, 0, 2, 10), to: Date.UTC(2025, 0, 3, 9, 59, 59) }),
    );
  });
});
