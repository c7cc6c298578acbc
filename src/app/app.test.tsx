import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTestConfig } from '../test/test-config';
import { App } from './app';
import { createQueryClient } from './query-client';
import { VIEW_MODULES } from './view-modules';

// jsdom has no canvas: the wall's chart is replaced by its accessible box (it is exercised in e2e).
vi.mock('../features/wall/sparkline', () => ({
  Sparkline: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

beforeEach(() => {
  useTestConfig();
  localStorage.clear();
});
afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('app', () => {
  it("draws the page in a view's own theme when that view mounts with the app, without saving it", async () => {
    // Loaded first, as the boot does: the wall then mounts in the app's first commit.
    await VIEW_MODULES.wall();
    window.history.replaceState(null, '', '/wall?volcanoes=311240&theme=light');
    render(<App queryClient={createQueryClient()} />);
    expect(await screen.findByRole('article', { name: 'Cleveland' })).toBeInTheDocument();
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem('volcano-dashboard.theme')).toBeNull();

    // Leaving the wall gives the page back the user's theme.
    act(() => {
      window.history.pushState(null, '', '/settings');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(await screen.findByRole('heading', { level: 1, name: /settings/i })).toBeInTheDocument();
    expect(document.documentElement.dataset.theme).toBe('dark');
  });
});
