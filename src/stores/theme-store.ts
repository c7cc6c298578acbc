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
  theme: Theme;
  actions: { themeToggled: () => void; themeChosen: (t: Theme) => void };
}

const useThemeStore = create<ThemeState>((set) => ({
  theme: initialTheme(),
  actions: {
    themeToggled: () => set((s) => ({ theme: s.theme === 'dark' ? 'light' : 'dark' })),
    themeChosen: (theme) => set({ theme }),
  },
}));

useThemeStore.subscribe((s) => {
  try {
    localStorage.setItem(KEY, s.theme);
  } catch {
    /* private mode: the choice lasts for the session only */
  }
});

export const useTheme = () => useThemeStore((s) => s.theme);
export const useThemeActions = () => useThemeStore((s) => s.actions);
