import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../i18n/catalogue';
import { activateLocale } from '../../../i18n/i18n';
import { eventCountText } from './events-panel';

describe('the events count in words', () => {
  afterEach(() => activateLocale('en', {}));

  it('says each clause with its own plural, in English as before', () => {
    expect(eventCountText(2, 1, 0)).toBe(
      '2 events begin in this range; 1 more event began before it and goes on into it.',
    );
    expect(eventCountText(0, 2, 1)).toBe(
      '0 events begin in this range; 2 more events began before it and go on into it; 1 window could not be judged (less than 6 hours of data in the day before them).',
    );
  });

  it('in Spanish: its plurals, and thousands as Spanish writes them', async () => {
    activateLocale('es', await loadCatalogue('es'));
    expect(eventCountText(1, 0, 0)).toBe('1 evento empieza en este rango.');
    expect(eventCountText(12_345, 1, 3)).toBe(
      '12.345 eventos empiezan en este rango; 1 evento más empezó antes y continúa en él; 3 ventanas no se pudieron evaluar (menos de 6 horas de datos en el día anterior).',
    );
  });
});
