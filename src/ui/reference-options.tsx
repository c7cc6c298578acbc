/** Choices from the reference table, written the same way in every form that offers them. */
import { IMAGE_TYPES, type Volcano } from '../domain/volcanoes';

export function ImageTypeOptions() {
  return IMAGE_TYPES.map((t) => (
    <option key={t} value={t}>
      {t}
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
