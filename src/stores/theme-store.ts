import { create } from 'zustand';

export type Theme = 'dark' | 'light';

const KEY = 'volcano-dashboard.theme';

function initialTheme(): Theme {
  try {
    return localStorage.getItem(KEY) === 'light' ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}

interface ThemeState {
  /** The user's choice, kept across visits. */
  theme: Theme;
  /** A view's own theme while it is shown (the wall's `theme=`), never saved; null for none. */
  viewTheme: Theme | null;
  actions: {
    themeToggled: () => void;
    themeChosen: (t: Theme) => void;
    viewThemeSet: (t: Theme | null) => void;
  };
}

const useThemeStore = create<ThemeState>((set) => ({
  theme: initialTheme(),
  viewTheme: null,
  actions: {
    themeToggled: () => set((s) => ({ theme: s.theme === 'dark' ? 'light' : 'dark' })),
    themeChosen: (theme) => set({ theme }),
    viewThemeSet: (viewTheme) => set({ viewTheme }),
  },
}));

/**
 * The document's theme follows the store at once, before React renders: a chart reads its colours
 * from the page's CSS variables while it first renders (children before the app's effects), so a
 * theme applied in an effect drew the light theme's charts in the dark theme's grid and labels.
 */
function applyShownTheme(s: Pick<ThemeState, 'theme' | 'viewTheme'>): void {
  if (typeof document !== 'undefined') document.documentElement.dataset.theme = s.viewTheme ?? s.theme;
}
applyShownTheme(useThemeStore.getState());

useThemeStore.subscribe((s, before) => {
  if (s.viewTheme !== before.viewTheme || s.theme !== before.theme) applyShownTheme(s);
  if (s.theme === before.theme) return;
  try {
    localStorage.setItem(KEY, s.theme);
  } catch {
    /* private mode: the choice lasts for the session only */
  }
});

export const useTheme = () => useThemeStore((s) => s.theme);
/** The theme the page is drawn in: a shown view's own, else the user's. */
export const useShownTheme = () => useThemeStore((s) => s.viewTheme ?? s.theme);
export const useThemeActions = () => useThemeStore((s) => s.actions);
