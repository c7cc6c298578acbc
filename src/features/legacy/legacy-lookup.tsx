import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { downloadLegacyFile, legacyQueries } from '../../api/legacy';
import type { ImageType } from '../../domain/volcanoes';
import { ErrorPanel } from '../../ui/error-panel';
import { FormField } from '../../ui/form-field';
import { openImageBlob, saveBlob } from '../../downloads/save-file';
import { notFoundText } from './not-found-text';
import { InUtc, UnzonedTime } from './unzoned-time';
import { useV1Zone } from './v1-zone';
import { ServiceImage } from '../../ui/service-image';

interface Props {
  imageType: ImageType;
  imageId: string | undefined;
  onLookUp: (imageId: string | undefined) => void;
  /** Scroll the panel into view on mount (a look-up chosen from far down the results). */
  reveal?: boolean;
}

export function LegacyLookup({ imageType, imageId, onLookUp, reveal }: Props) {
  const { t } = useLingui();
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!reveal) return;
    headingRef.current?.scrollIntoView?.({ block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }, [reveal]);
  const [draft, setDraft] = useState(imageId ?? '');
  const [fileState, setFileState] = useState<{ busy: 'open' | 'download' | null; error: unknown; note: string | null }>(
    {
      busy: null,
      error: null,
      note: null,
    },
  );
  const record = useQuery({ ...legacyQueries.record(imageType, imageId ?? ''), enabled: !!imageId });
  const records = useMemo(() => (record.data ? [record.data] : undefined), [record.data]);
  const zone = useV1Zone(imageType, record.data?.site, record.data?.vnum, records);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = draft.trim();
    onLookUp(v || undefined);
  };

  const getFile = async (mode: 'open' | 'download') => {
    if (!imageId) return;
    setFileState({ busy: mode, error: null, note: null });
    try {
      const f = await downloadLegacyFile(imageType, imageId);
      let note: string | null = null;
      if (mode === 'download') saveBlob(f.blob, f.filename);
      else if (!openImageBlob(f.blob)) {
        saveBlob(f.blob, f.filename);
        const name = f.filename;
        note = t`The file is not an image this dashboard recognises, so it was downloaded as ${name} rather than opened.`;
      }
      setFileState({ busy: null, error: null, note });
    } catch (e) {
      setFileState({ busy: null, error: e, note: null });
    }
  };

  const nf = record.isError && imageId ? notFoundText(record.error, imageType, imageId) : null;

  return (
    <section className="legacy-lookup card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} ref={headingRef} tabIndex={-1}>
        {t`Look up an image by id`}
      </h2>
      <form onSubmit={submit} className="legacy-lookup__form">
        <FormField
          label={imageType === 'infrared' ? t`Image id (infrared)` : t`Image id (visible)`}
          className="legacy-field"
        >
          {(control) => (
            <input
              {...control}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              spellCheck={false}
              autoComplete="off"
            />
          )}
        </FormField>
        <button type="submit">{t`Look up`}</button>
      </form>
      {imageId && record.isPending && <p role="status">{t`Looking up ${imageId}…`}</p>}
      {imageId && record.isError && (
        <div>
          {nf && (
            <p className="notice" role="status">
              {nf}
            </p>
          )}
          <ErrorPanel error={record.error} context={t`Looking up ${imageId}`} onRetry={() => void record.refetch()} />
        </div>
      )}
      {record.data && (
        <div className="legacy-lookup__result">
          <ServiceImage
            src={record.data.image_url}
            alt={
              record.data.image_type === 'infrared'
                ? t`${record.data.site} infrared image ${record.data.image_id}`
                : t`${record.data.site} visible image ${record.data.image_id}`
            }
            width={320}
            height={240}
          />
          <dl className="legacy-meta" aria-label={t`Image metadata`}>
            <dt>{t`Image id`}</dt>
            <dd>{record.data.image_id}</dd>
            <dt>{t`Database id`}</dt>
            <dd>{record.data.legacyId}</dd>
            <dt>{t`Site`}</dt>
            <dd>{record.data.site}</dd>
            <dt>{t`Volcano number`}</dt>
            <dd>{record.data.vnum}</dd>
            <dt>{t`Captured`}</dt>
            <dd>
              <UnzonedTime time={record.data.time} />
            </dd>
            <dt>{t`In UTC`}</dt>
            <dd>
              <InUtc image={record.data} zone={zone} /> <span className="muted">({zone.because})</span>
            </dd>
            <dt>{t`Format`}</dt>
            <dd translate="no">{record.data.file_format}</dd>
            <dt>{t`Frame`}</dt>
            <dd>{record.data.frame ?? '—'}</dd>
            <dt>{t`Quality`}</dt>
            <dd>{record.data.quality ?? '—'}</dd>
            <dt>{t`File`}</dt>
            <dd>
              <code translate="no">{record.data.image_url}</code>
            </dd>
          </dl>
          <div className="button-row">
            <button type="button" onClick={() => void getFile('open')} disabled={fileState.busy !== null}>
              {fileState.busy === 'open' ? t`Opening…` : t`Open file`}
            </button>
            <button type="button" onClick={() => void getFile('download')} disabled={fileState.busy !== null}>
              {fileState.busy === 'download' ? t`Downloading…` : t`Download file`}
            </button>
          </div>
          {fileState.note && <p className="muted">{fileState.note}</p>}
          {fileState.error !== null && <ErrorPanel error={fileState.error} context={t`Getting the image file`} />}
        </div>
      )}
    </section>
  );
}
