import { plural, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { describeError } from '../api/http/errors';
import { formatNumber } from '../domain/format-number';
import { formatMegabytes } from './download-estimate';
import type { ZipPlan } from './zip-plan';

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
  const { t } = useLingui();
  const cameras = new Set(plan.files.map((f) => f.source.label).filter(Boolean)).size > 1;
  if (!plan.split && !lead && plan.files.length <= 1) return null;
  if (plan.status === 'waiting') return null;
  const ready = plan.status === 'ready';
  const capText = formatNumber(cap);
  const capWords = capLearned ? t`cap ${capText}, learned from its refusal` : t`cap ${capText}`;
  const count = ready
    ? plural(plan.files.length, { one: '# ZIP file', other: '# ZIP files' })
    : plural(plan.minFiles, { one: 'at least # ZIP file', other: 'at least # ZIP files' });
  const ids = plan.files.length > 0 && plan.files.every((f) => f.source.kind === 'ids');
  const largest = Math.max(0, ...plan.files.map((f) => f.images));
  const each = ids
    ? plural(largest, { one: 'of up to # image each', other: 'of up to # images each' })
    : cameras
      ? plan.split
        ? t`each a camera and a span of time`
        : t`one per camera, downloaded one after another`
      : t`each a span of time`;
  const images = plural(plan.images, { one: '# image', other: '# images' });
  const sentence = plan.split
    ? t`${images} is more than the service will put in one ZIP (${capWords}); this will be ${count}, ${each}`
    : ids
      ? t`This will be ${count} ${each}`
      : t`This will be ${count}, ${each}`;
  const failures = plan.errors
    .map((e) => (e.label ? `${e.label}: ${describe(e.error)}` : describe(e.error)))
    .join('; ');
  return (
    <section className="notice zip-split" aria-label={t`ZIP files of this download`} data-testid="zip-split-notice">
      <p>
        {lead && <>{lead} </>}
        {sentence}
        {ready ? ':' : '.'}
      </p>
      {plan.status === 'planning' && <p role="status">{t`Working out the spans of time with the service…`}</p>}
      {plan.status === 'approval' && (
        <p>
          {plural(plan.requests, {
            one: 'Working out the spans takes about # request to the service (which allows 100 a minute).',
            other: 'Working out the spans takes about # requests to the service (which allows 100 a minute).',
          })}{' '}
          <button type="button" onClick={plan.approve}>
            {t`Work out the ZIP files`}
          </button>{' '}
          {t`Sampling (hourly or daily) or a shorter range makes fewer files.`}
        </p>
      )}
      {plan.status === 'failed' && (
        <div role="alert">
          <p>{t`The spans could not be worked out: ${failures}.`}</p>
          <button type="button" onClick={plan.retry}>
            {t`Try again`}
          </button>
        </div>
      )}
      {ready && (
        <ol className="zip-split__files">
          {plan.files.map((f, i) => (
            <li key={f.source.key}>{fileLine(i + 1, f.label, f.images, f.sizeMb)}</li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** "ZIP 2: UTC days 2025-01-01 to 2025-01-09 — 4,000 images, about 812.0 MB". */
function fileLine(n: number, label: string | undefined, count: number, sizeMb: number | undefined): string {
  const name = label ? t`ZIP ${n}: ${label}` : t`ZIP ${n}`;
  const images = plural(count, { one: '# image', other: '# images' });
  if (sizeMb === undefined) return t`${name} — ${images}`;
  const size = formatMegabytes(sizeMb);
  return t`${name} — ${images}, about ${size}`;
}

function describe(e: unknown): string {
  if (e instanceof Error && e.name === 'SplitError') return e.message;
  const d = describeError(e);
  return `${d.title} (${d.detail})`;
}
