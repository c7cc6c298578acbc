import type { ReactNode } from 'react';
import { describeError } from '../api/http/errors';
import { formatNumber } from '../domain/format-number';
import { formatMegabytes } from './download-estimate';
import type { ZipPlan } from './zip-plan';

const plural = (n: number, one: string, many = `${one}s`) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/**
 * Said before a download starts: that it will be several ZIP files, why (the service's cap, several
 * cameras), and each file's span of time or camera with its count. `lead` replaces the first
 * sentence (a download continued after a 413 says what it learned).
 */
export function ZipSplitNotice({
  plan,
  cap,
  capLearned,
  lead,
}: {
  plan: ZipPlan;
  cap: number;
  capLearned: boolean;
  lead?: ReactNode;
}) {
  const cameras = new Set(plan.files.map((f) => f.source.label).filter(Boolean)).size > 1;
  if (!plan.split && !lead && plan.files.length <= 1) return null;
  if (plan.status === 'waiting') return null;
  const ready = plan.status === 'ready';
  const capWords = `cap ${formatNumber(cap)}${capLearned ? ', learned from its refusal' : ''}`;
  const count = ready ? plural(plan.files.length, 'ZIP file') : `at least ${plural(plan.minFiles, 'ZIP file')}`;
  const ids = plan.files.length > 0 && plan.files.every((f) => f.source.kind === 'ids');
  const largest = Math.max(0, ...plan.files.map((f) => f.images));
  const each = ids
    ? `of up to ${plural(largest, 'image')} each`
    : cameras
      ? plan.split
        ? 'each a camera and a span of time'
        : 'one per camera, downloaded one after another'
      : 'each a span of time';
  const sentence = plan.split
    ? `${plural(plan.images, 'image')} is more than the service will put in one ZIP (${capWords}); this will be ${count}, ${each}`
    : `This will be ${count}${ids ? ' ' : ', '}${each}`;
  return (
    <section className="notice zip-split" aria-label="ZIP files of this download" data-testid="zip-split-notice">
      <p>
        {lead && <>{lead} </>}
        {sentence}
        {ready ? ':' : '.'}
      </p>
      {plan.status === 'planning' && <p role="status">Working out the spans of time with the service…</p>}
      {plan.status === 'approval' && (
        <p>
          Working out the spans takes about {plural(plan.requests, 'request')} to the service (which allows 100 a
          minute).{' '}
          <button type="button" onClick={plan.approve}>
            Work out the ZIP files
          </button>{' '}
          Sampling (hourly or daily) or a shorter range makes fewer files.
        </p>
      )}
      {plan.status === 'failed' && (
        <div role="alert">
          <p>
            The spans could not be worked out:{' '}
            {plan.errors.map((e) => `${e.label ? `${e.label}: ` : ''}${describe(e.error)}`).join('; ')}.
          </p>
          <button type="button" onClick={plan.retry}>
            Try again
          </button>
        </div>
      )}
      {ready && (
        <ol className="zip-split__files">
          {plan.files.map((f, i) => (
            <li key={f.source.key}>
              ZIP {i + 1}
              {f.label ? `: ${f.label}` : ''} — {plural(f.images, 'image')}
              {f.sizeMb !== undefined && `, about ${formatMegabytes(f.sizeMb)}`}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function describe(e: unknown): string {
  if (e instanceof Error && e.name === 'SplitError') return e.message;
  const d = describeError(e);
  return `${d.title} (${d.detail})`;
}
