import { useId, type ReactNode } from 'react';

/** What the control needs: named by the label, described by the hint and errors, marked when wrong. */
export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

interface Props {
  label: ReactNode;
  /** Renders the control (or, with `group`, the controls) with the props that wire it to the field. */
  children: (control: ControlProps) => ReactNode;
  /** Help below the control, read with it. */
  hint?: ReactNode;
  /** Why the form cannot use the value: shown under the field and announced. */
  error?: ReactNode;
  /** The service's word on this parameter (a refused request): shown after the form's own, announced. */
  serviceError?: ReactNode;
  /** Descriptions elsewhere on the page, by id (a note shared by several fields). */
  describedBy?: string;
  /** Invalid for a reason shown elsewhere (one message for a pair of fields). */
  invalid?: boolean;
  className?: string;
  hintClassName?: string;
  /** A group of controls (radios): a fieldset named by its legend and described as a whole. */
  group?: boolean;
}

/**
 * One form field: label, control, hint and errors, with the ids wired so a screen reader names the
 * control, reads its hint and errors with it, and announces an error when it appears.
 */
export function FormField({ label, children, hint, error, serviceError, describedBy, invalid, ...look }: Props) {
  const id = useId();
  const part = (suffix: string, shown: unknown) => (shown ? `${id}-${suffix}` : '');
  const described = [describedBy ?? '', part('hint', hint), part('err', error), part('srv', serviceError)];
  const control: ControlProps = {
    id,
    'aria-describedby': described.filter(Boolean).join(' ') || undefined,
    'aria-invalid': invalid || error || serviceError ? true : undefined,
  };
  const rest = (
    <>
      {hint && (
        <span id={`${id}-hint`} className={look.hintClassName ?? 'muted'}>
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-err`} className="field-error" role="alert">
          {error}
        </span>
      )}
      {serviceError && (
        <span id={`${id}-srv`} className="field-error" role="alert">
          {serviceError}
        </span>
      )}
    </>
  );
  if (look.group)
    return (
      <fieldset className={look.className} aria-describedby={control['aria-describedby']}>
        <legend>{label}</legend>
        {children({ id })}
        {rest}
      </fieldset>
    );
  return (
    <div className={look.className}>
      <label htmlFor={id}>{label}</label>
      {children(control)}
      {rest}
    </div>
  );
}

/** A count from 1 to `max` as typed (the text is kept, so a wrong one can be shown and corrected). */
export function CountInput({ max, value, onChange, ...control }: ControlProps & CountProps) {
  return (
    <input
      {...control}
      type="number"
      min={1}
      max={max}
      inputMode="numeric"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

interface CountProps {
  max: number;
  value: string;
  onChange: (text: string) => void;
}
