import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Pagination } from '../../api/imagery/imagery-shapes';
import { formatNumber } from '../../domain/format-number';

/** Page numbers to show: the ends, and two either side of the current page. */
export function pageWindow(page: number, totalPages: number): (number | 'gap')[] {
  const out: (number | 'gap')[] = [];
  const want = new Set([1, totalPages]);
  for (let p = page - 2; p <= page + 2; p++) if (p >= 1 && p <= totalPages) want.add(p);
  let prev = 0;
  for (const p of [...want].sort((a, b) => a - b)) {
    if (p < 1) continue;
    if (p - prev > 1) out.push('gap');
    out.push(p);
    prev = p;
  }
  return out;
}

interface Props {
  pagination: Pagination;
  onPage: (page: number) => void;
  label: string;
}

/** First / previous / numbers / next / last, from the service's pagination object (spec 01 §2.5). */
/** The summary line: which images this page holds, or why it holds none. */
export function paginationSummary(p: Pagination): string {
  if (p.total_count === 0) return t`No images match.`;
  const total = formatNumber(p.total_count);
  const { page, total_pages: pages } = p;
  if (isPastEnd(p)) return t`Page ${page} is past the last page (${pages}) of ${total} images.`;
  const n = (p.page - 1) * p.limit + 1;
  const first = formatNumber(n);
  const last = formatNumber(n + p.count - 1);
  return t`Images ${first}–${last} of ${total} · page ${page} of ${pages}`;
}

/** A page beyond the last (a hand-edited or old link, or results that shrank): empty, though images match. */
export const isPastEnd = (p: Pagination): boolean => p.count === 0 && p.total_count > 0 && p.page > p.total_pages;

export function PaginationNav({ pagination: p, onPage, label }: Props) {
  const { t } = useLingui();
  return (
    <nav className="imagery-pagination" aria-label={label}>
      <p className="imagery-pagination__summary">{paginationSummary(p)}</p>
      <ul>
        <li>
          <button type="button" onClick={() => onPage(1)} disabled={p.page <= 1}>
            {t`First page`}
          </button>
        </li>
        <li>
          <button
            type="button"
            onClick={() => p.prev_page !== null && onPage(p.prev_page)}
            disabled={!p.has_prev || p.prev_page === null}
          >
            {t`Previous page`}
          </button>
        </li>
        {pageWindow(p.page, p.total_pages).map((n, i) =>
          n === 'gap' ? (
            <li key={`gap${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <button
                type="button"
                onClick={() => onPage(n)}
                aria-current={n === p.page ? 'page' : undefined}
                aria-label={t`Page ${n}`}
                className={n === p.page ? 'is-current' : undefined}
              >
                {n}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            onClick={() => p.next_page !== null && onPage(p.next_page)}
            disabled={!p.has_next || p.next_page === null}
          >
            {t`Next page`}
          </button>
        </li>
        <li>
          <button
            type="button"
            onClick={() => onPage(p.total_pages)}
            disabled={p.page === p.total_pages || p.total_pages < 1}
          >
            {t`Last page`}
          </button>
        </li>
      </ul>
    </nav>
  );
}
