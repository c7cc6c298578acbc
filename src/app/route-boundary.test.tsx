import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useEffect, useState } from 'react';
import { Link, MemoryRouter, Route, Routes, useSearchParams } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useTestConfig } from '../test/test-config';
import { AppRoutes } from './router';
import { lazyView, RouteBoundary, useViewLoading } from './route-boundary';
import { viewLoader } from './view-modules';

beforeEach(() => {
  useTestConfig();
});

function Boom() {
  const [params] = useSearchParams();
  if (params.get('fail') === '1') throw new Error('the view broke');
  return <p>view works</p>;
}

describe('app routes', () => {
  it('renders the overview inside the shell, and an unknown path as not found', async () => {
    // The overview's per-volcano lines are server state: the app provides the client above the routes.
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { unmount } = render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/']}>
          <AppRoutes />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Monitored volcanoes' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    unmount();
    render(
      <MemoryRouter initialEntries={['/no-such-view']}>
        <AppRoutes />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('/no-such-view')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('shows a failing view in its place with the header kept, and retries it after a navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/boom?fail=1']}>
        <nav>
          <Link to="/boom?fail=0">other params</Link>
        </nav>
        <Routes>
          <Route
            path="/boom"
            element={
              <RouteBoundary>
                <Boom />
              </RouteBoundary>
            }
          />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('This view failed');
    expect(screen.getByRole('alert')).toHaveTextContent('the view broke');
    await userEvent.click(screen.getByRole('link', { name: 'other params' }));
    expect(await screen.findByText('view works')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a view is loading while its chunk downloads, and no longer once it has arrived', async () => {
    let arrive!: (m: { Component: () => React.ReactNode }) => void;
    const View = lazyView(() => new Promise((r) => (arrive = r)));
    function Bar() {
      return <p>{useViewLoading() ? 'loading view' : 'idle'}</p>;
    }
    render(
      <>
        <Bar />
        <Suspense fallback={null}>
          <View />
        </Suspense>
      </>,
    );
    expect(await screen.findByText('loading view')).toBeInTheDocument();
    await act(async () => arrive({ Component: () => <p>the view</p> }));
    expect(await screen.findByText('the view')).toBeInTheDocument();
    expect(screen.getByText('idle')).toBeInTheDocument();
  });

  it('renders a view whose chunk has already arrived in the first commit, with no fallback', async () => {
    const load = viewLoader(() => Promise.resolve({ Component: () => <p>the view</p> }));
    await load();
    const View = lazyView(load);
    render(
      <Suspense fallback={<p>fallback</p>}>
        <View />
      </Suspense>,
    );
    // Synchronously: a fallback here would hold the view back (React throttles its reveal).
    expect(screen.getByText('the view')).toBeInTheDocument();
    expect(screen.queryByText('fallback')).toBeNull();
  });

  it('keeps a view that arrived while shown through the lazy path mounted when it renders again', async () => {
    let mounts = 0;
    function Counted() {
      useEffect(() => {
        mounts++;
      }, []);
      return <p>the view</p>;
    }
    let arrive!: (m: { Component: () => React.ReactNode }) => void;
    const View = lazyView(viewLoader(() => new Promise((r) => (arrive = r))));
    let rerender!: () => void;
    function Parent() {
      const [n, setN] = useState(0);
      rerender = () => setN(n + 1);
      return (
        <Suspense fallback={<p>fallback</p>}>
          <View />
          <span>{n}</span>
        </Suspense>
      );
    }
    render(<Parent />);
    expect(screen.getByText('fallback')).toBeInTheDocument();
    await act(async () => arrive({ Component: Counted }));
    expect(await screen.findByText('the view')).toBeInTheDocument();
    act(() => rerender());
    expect(screen.getByText('1')).toBeInTheDocument();
    expect(mounts).toBe(1);
  });
});
