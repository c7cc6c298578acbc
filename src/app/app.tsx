import { useEffect } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './router';
import { useTheme } from '../stores/theme-store';

export { createQueryClient } from './query-client';

/** The boot makes the client, so that it can start a view's requests before this renders. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  const theme = useTheme();
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
