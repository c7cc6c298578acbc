/** Choices from the reference table, written the same way in every form that offers them. */
import { useLingui } from '@lingui/react/macro';
import { IMAGE_TYPES, type Volcano } from '../domain/volcanoes';

export function ImageTypeOptions() {
  const { t } = useLingui();
  // The value is the service's word; the option shows it in the language shown.
  return IMAGE_TYPES.map((type) => (
    <option key={type} value={type}>
      {type === 'infrared' ? t`infrared` : type === 'visible' ? t`visible` : type}
    </option>
  ));
}

/** `none` first (the empty value), then each volcano by name and number. */
export function VolcanoOptions({ volcanoes, none }: { volcanoes: readonly Volcano[]; none: string }) {
  return (
    <>
      <option value="">{none}</option>
      {volcanoes.map((v) => (
        <option key={v.vnum} value={v.vnum}>
          {v.name} ({v.vnum})
        </option>
      ))}
    </>
  );
}
