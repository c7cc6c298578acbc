/**
 * The "Export figure" dialog: save the chart as a report figure, PNG at a chosen resolution or SVG,
 * in the light theme with its caption (figure-save.ts, loaded on the first save). Keyboard: the
 * native dialog traps focus, the choices are a radio group and a select, Esc closes. Loaded when
 * its button (figure-export.tsx) is first pressed.
 */
import { useId, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Dialog } from '../../ui/dialog';
import type { FigureFormat, FigureSpec } from './figure-save';

/** Figures are laid out this wide in CSS px (about a report page's width at 1×). */
const LAYOUT_WIDTH = 960;
/** The PNG's resolutions: multiples of the layout's size. */
const SCALES = [1, 2, 3] as const;

interface Props {
  /** The figure as the view shows it now; called on save. */
  spec: () => FigureSpec;
  onClose: () => void;
}

export default function FigureDialog({ spec, onClose }: Props) {
  const { t } = useLingui();
  const [format, setFormat] = useState<FigureFormat>('png');
  const [scale, setScale] = useState<number>(2);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const scaleId = useId();

  async function save() {
    setBusy(true);
    setError(null);
    try {
      const m = await import('./figure-save');
      await m.saveFigure(spec(), format, LAYOUT_WIDTH, scale);
      onClose();
    } catch (e) {
      const detail = e instanceof Error ? e.message : String(e);
      setError(t`The figure could not be saved: ${detail}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} title={t`Export figure`} testId="figure-dialog">
      <form
        className="figure-export"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <p className="muted">
          {t`A figure for a report: light background, one label per panel, and a caption with the channels, the range and its zone, the data’s source and the time of export.`}
        </p>
        <fieldset>
          <legend>{t`Format`}</legend>
          <label>
            <input type="radio" name="figure-format" checked={format === 'png'} onChange={() => setFormat('png')} />{' '}
            {t`PNG (image)`}
          </label>{' '}
          <label>
            <input type="radio" name="figure-format" checked={format === 'svg'} onChange={() => setFormat('svg')} />{' '}
            {t`SVG (vector, any size)`}
          </label>
        </fieldset>
        <p>
          <label htmlFor={scaleId}>{t`Resolution (PNG)`}</label>{' '}
          <select
            id={scaleId}
            value={scale}
            disabled={format !== 'png'}
            onChange={(e) => setScale(Number(e.target.value))}
          >
            {SCALES.map((s) => {
              // Under 10 000, where English groups thousands and Spanish does not: written as it is,
              // the same in both (a report's "2880 px", as the select always read).
              const wide = s * LAYOUT_WIDTH;
              return (
                <option key={s} value={s}>
                  {t`${s}× (${wide} px wide)`}
                </option>
              );
            })}
          </select>
        </p>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {busy ? t`Saving…` : format === 'png' ? t`Save PNG` : t`Save SVG`}
        </button>
      </form>
    </Dialog>
  );
}
