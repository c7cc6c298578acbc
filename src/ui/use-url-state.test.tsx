import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUrlState, type ParsedUrlState } from './use-url-state';

interface Params {
  tags: string[];
  q: string;
}
function parse(sp: URLSearchParams): ParsedUrlState<Params> {
  const notices: string[] = [];
  const tags = sp.getAll('tag').filter((t) => {
    if (/^[a-z]+$/.test(t)) return true;
    notices.push(`Ignored tag=${t}.`);
    return false;
  });
  // `query=` is this test's old name of `q`: read, then rewritten.
  const old = sp.get('q') === null ? sp.get('query') : null;
  return { params: { tags, q: sp.get('q') ?? old ?? '' }, notices, rewrite: old !== null };
}
function serialize(p: Params): URLSearchParams {
  const sp = new URLSearchParams();
  for (const t of p.tags) sp.append('tag', t);
  if (p.q) sp.set('q', p.q);
  return sp;
}

function View() {
  const { params, apply, notices } = useUrlState(parse, serialize);
  const toggle = (t: string, on: boolean) =>
    apply({ ...params, tags: on ? [...params.tags, t] : params.tags.filter((x) => x !== t) });
  return (
    <>
      {['ash', 'gas'].map((t) => (
        <label key={t}>
          <input type="checkbox" checked={params.tags.includes(t)} onChange={(e) => toggle(t, e.target.checked)} />
          {t}
        </label>
      ))}
      <label>
        Search
        <input value={params.q} onChange={(e) => apply({ ...params, q: e.target.value }, { replace: true })} />
      </label>
      <output>{notices.join(' ')}</output>
    </>
  );
}

/** Navigations wait on a gate the test opens, as a slow router would. */
function renderGated(url: string) {
  const gates: (() => void)[] = [];
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <View />,
        hydrateFallbackElement: <p>Loading…</p>,
        shouldRevalidate: () => true,
        loader: () => new Promise<null>((r) => gates.push(() => r(null))),
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  const openGates = async () => {
    await act(async () => {
      while (gates.length) gates.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    });
  };
  return { router, openGates };
}

describe('useUrlState', () => {
  it('shows a requested change at once, before the router has applied it', async () => {
    const { router, openGates } = renderGated('/');
    await openGates();
    const ash = await screen.findByRole('checkbox', { name: 'ash' });
    fireEvent.click(ash);
    expect(ash).toBeChecked();
    expect(router.state.location.search).toBe('');
    fireEvent.click(screen.getByRole('checkbox', { name: 'gas' }));
    expect(screen.getByRole('checkbox', { name: 'gas' })).toBeChecked();
    expect(ash).toBeChecked();
    await openGates();
    await openGates();
    expect(router.state.location.search).toBe('?tag=ash&tag=gas');
    expect(ash).toBeChecked();
  });

  it('keeps every letter typed while navigations are pending', async () => {
    const { router, openGates } = renderGated('/');
    await openGates();
    const box = await screen.findByRole('textbox', { name: 'Search' });
    for (const text of ['v', 'vo', 'vol']) fireEvent.change(box, { target: { value: text } });
    expect(box).toHaveValue('vol');
    await openGates();
    expect(box).toHaveValue('vol');
    await openGates();
    await openGates();
    expect(router.state.location.search).toBe('?q=vol');
    expect(box).toHaveValue('vol');
  });

  it('lets an address reached another way (Back) win over what was requested', async () => {
    const { router, openGates } = renderGated('/?tag=ash');
    await openGates();
    const ash = await screen.findByRole('checkbox', { name: 'ash' });
    fireEvent.click(ash);
    await openGates();
    expect(router.state.location.search).toBe('');
    expect(ash).not.toBeChecked();
    await act(async () => {
      void router.navigate(-1);
    });
    await openGates();
    expect(router.state.location.search).toBe('?tag=ash');
    expect(ash).toBeChecked();
  });

  it('drops bad values from the address and names them', async () => {
    const { router, openGates } = renderGated('/?tag=ash&tag=B%3Cad');
    await openGates();
    await openGates();
    expect(await screen.findByText('Ignored tag=B<ad.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tag=ash');
    expect(screen.getByRole('checkbox', { name: 'ash' })).toBeChecked();
  });

  it('rewrites an old form in place, without a notice', async () => {
    const { router, openGates } = renderGated('/?query=vol');
    await openGates();
    await openGates();
    expect(router.state.location.search).toBe('?q=vol');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('textbox', { name: 'Search' })).toHaveValue('vol');
    expect(screen.getByRole('status', { hidden: true }).textContent ?? '').toBe('');
  });
});
