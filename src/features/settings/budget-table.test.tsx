import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from '../../config/runtime-config';
import { BudgetTable, budgetSource } from './budget-table';

const config = parseRuntimeConfig({
  apiBaseUrl: 'https://volcano-data.example.org',
  legacyBaseUrl: 'https://legacy.example.org',
  platformBaseUrl: 'https://tenant.example.org',
  mock: false,
  rateLimits: { 'volcano-data.example.org': { '/api/seismic/rsam': 100_000, '/health': 30 }, '*': { legacy: 120 } },
});

const row = (endpoint: string) =>
  screen.getByRole('row', { name: new RegExp(`^${endpoint.replace(/[/.]/g, '\\$&')} `) });

describe('the budgets on the settings page', () => {
  it('names a budget above the documented one as the operator’s, with the documented figure beside it', () => {
    render(<BudgetTable config={config} />);
    const rsam = within(row('/api/seismic/rsam')).getAllByRole('cell');
    expect(rsam.map((c) => c.textContent)).toEqual([
      '/api/seismic/rsam',
      'volcano-data.example.org',
      '100,000',
      'granted by the operator; documented: 100',
    ]);
    expect(within(row('/health')).getAllByRole('cell')[3]).toHaveTextContent('lowered by the operator; documented: 60');
    expect(within(row('/api/imagery/q')).getAllByRole('cell')[3]).toHaveTextContent(/^documented$/);
    expect(within(row('legacy imagery v1')).getAllByRole('cell')[3]).toHaveTextContent(
      'set by the operator; none is documented',
    );
    expect(screen.getByRole('note')).toHaveTextContent(
      '/api/seismic/rsam on volcano-data.example.org: 100,000 a minute (documented: 100); legacy on every host: 120 a minute (documented: none)',
    );
  });

  it('says nothing is granted when config.json grants nothing', () => {
    render(<BudgetTable config={{ ...config, rateLimits: {} }} />);
    expect(screen.queryByRole('note')).toBeNull();
    expect(budgetSource(60, null, 60)).toBe('this app’s own limit; none is documented');
  });
});
