/** One filter of the activity view: a checkbox per name, the checked ones being the filter. */
import { Trans } from '@lingui/react/macro';

interface Props {
  legend: string;
  choices: readonly string[];
  checked: readonly string[];
  onToggle: (name: string, on: boolean) => void;
  /** Lay the boxes out in columns (long lists). */
  grid?: boolean;
}

export function FilterChecks({ legend, choices, checked, onToggle, grid = false }: Props) {
  const boxes = choices.map((name) => (
    <label key={name} className="activity-check">
      <input type="checkbox" checked={checked.includes(name)} onChange={(e) => onToggle(name, e.target.checked)} />
      {/* The platform's module and object-type names, as it sent them. */}
      <span translate="no">{name}</span>
    </label>
  ));
  return (
    <fieldset>
      <legend>{legend}</legend>
      {choices.length === 0 && (
        <p className="muted">
          <Trans>Options appear once the catalogue is loaded.</Trans>
        </p>
      )}
      {grid ? <div className="activity-check-grid">{boxes}</div> : boxes}
    </fieldset>
  );
}
