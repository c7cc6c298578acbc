/**
 * A download dialog's whole flow, the one both the imagery and the volcano dialogs run (spec 01
 * §4.5, "recommended client flow"): estimate each query, plan the ZIP files under the service's cap
 * (the cap learned from a 413 included), download them in turn once confirmed, with progress,
 * cancel, errors and each ZIP's manifest (zip-download.tsx). The dialogs differ only in what they
 * download and in their words.
 */
import { useState } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { imageryQueries } from '../api/imagery/imagery';
import type { ImageryQuery } from '../api/imagery/imagery-shapes';
import { combinedEstimate } from './download-estimate';
import { useZipCap } from './zip-cap';
import { useZipDownload } from './zip-download';
import { toZipPart, useZipPlan, type PlanSource } from './zip-plan';
import { useTooLargeOffer } from './zip-too-large';

/** A query the dialog estimates first: `key` tells it apart in the plan, `label` names its ZIPs (a camera). */
export interface EstimatedQuery {
  key: string;
  label?: string | undefined;
  query: ImageryQuery;
}

export interface ZipDialogInput {
  /** The queries to download, each estimated before the download is offered. */
  estimated: readonly EstimatedQuery[];
  /** Lists of ids (a selection), which need no estimate. */
  ids?: readonly PlanSource[];
  /** Names the download shown now, so an offer made after a 413 for another (other filters, sampling) is dropped. */
  of: string;
}

export function useZipDialog({ estimated, ids = [], of }: ZipDialogInput) {
  const queryClient = useQueryClient();
  const estimateOptions = estimated.map((e) => imageryQueries.estimate(e.query));
  const estimates = useQueries({ queries: estimateOptions });
  const total = combinedEstimate(estimates);
  const sources: PlanSource[] = [
    ...estimated.map((e, i): PlanSource => {
      const data = estimates[i]!.data;
      return {
        kind: 'query',
        key: e.key,
        label: e.label,
        query: e.query,
        images: data?.total_images,
        sizeMb: data?.estimated_size_mb,
      };
    }),
    ...ids,
  ];

  const { cap, learned } = useZipCap();
  const offer = useTooLargeOffer(of);
  const zip = useZipDownload({ onTooLarge: offer.onTooLarge });
  // After a 413 the files not saved are planned again under the learned cap.
  const plan = useZipPlan(offer.rest?.sources ?? sources, cap);
  const [pick, setPick] = useState(false);
  const files = plan.files.length;
  const planned = plan.status === 'ready';

  /** The confirmation: the planned files are downloaded one after another. */
  const start = () => {
    const kept = offer.rest ? zip.saved.length : 0;
    const parts = plan.files.map((f, i) => toZipPart(f, i + kept, files + kept));
    void zip.start(parts, { pick, keepSaved: offer.rest !== null });
    offer.clear();
  };

  const busy = zip.phase === 'downloading' || estimates.some((e) => e.isFetching) || plan.status === 'planning';

  /** Stops whatever runs: the file in flight (which is discarded), the estimates, the planning's requests. */
  const cancel = () => {
    zip.abort();
    for (const o of estimateOptions) void queryClient.cancelQueries({ queryKey: o.queryKey, exact: true });
    void queryClient.cancelQueries({ queryKey: ['imagery', 'zip-split'] });
  };

  return {
    estimates,
    total,
    sources,
    cap,
    learned,
    offer,
    zip,
    plan,
    files,
    planned,
    pick,
    setPick,
    start,
    busy,
    cancel,
  };
}

export type ZipDialog = ReturnType<typeof useZipDialog>;
