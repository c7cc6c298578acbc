/**
 * The "Export figure…" button of a chart. Its dialog (figure-dialog.tsx) and the figure code come on
 * the first press: a chart route paints without them.
 */
import { lazy, Suspense, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { FigureSpec } from './figure-save';

const FigureDialog = lazy(() => import('./figure-dialog'));

interface Props {
  /** The figure as the view shows it now; called on save. */
  spec: () => FigureSpec;
  disabled?: boolean;
}

export function FigureExport({ spec, disabled }: Props) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} disabled={disabled} aria-haspopup="dialog">
        {t`Export figure…`}
      </button>
      {open && (
        <Suspense fallback={null}>
          <FigureDialog spec={spec} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
