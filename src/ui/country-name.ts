import { msg } from '@lingui/core/macro';
import { i18n } from '../i18n/i18n';

/** Countries as the reference data names them (src/domain/volcanoes.ts). */
const COUNTRY: Record<string, ReturnType<typeof msg>> = {
  'USA (Alaska)': msg`USA (Alaska)`,
  'Costa Rica': msg`Costa Rica`,
  Chile: msg`Chile`,
  'Spain (La Palma)': msg`Spain (La Palma)`,
};

/** A volcano's country in the app's language; one the data adds later, as written. */
export function countryName(country: string): string {
  const d = COUNTRY[country];
  return d ? i18n._(d) : country;
}
