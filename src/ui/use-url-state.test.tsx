import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { useUrlState } from './use-url-state';
import { list, param, type UrlSchema } from './url-schema';

interface Params {
  tags: string[];
  q: string;
}
const schema: UrlSchema<Params> = {
  params: {
    tags: list({
      key: 'tag',
      item: v.pipe(v.string(), v.regex(/^[a-z]+$/, 'letters only')),
      collect: (items) => items,
      default: [],
      serialize: (tags) => tags,
    }),
    // Spaces around the text are this test's old form: read, then rewritten.
    q: param(v.pipe(v.string(), v.trim()), '', { rewrites: true }),
  },
};

function View() {
  const { params, apply, notices } = useUrlState(schema);
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
    expect(await screen.findByText('Ignored tag=B<ad in the address: letters only.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tag=ash');
    expect(screen.getByRole('checkbox', { name: 'ash' })).toBeChecked();
  });

  it('rewrites an old form in place, without a notice', async () => {
    const { router, openGates } = renderGated('/?q=%20vol%20');
    await openGates();
    await openGates();
    expect(router.state.location.search).toBe('?q=vol');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('textbox', { name: 'Search' })).toHaveValue('vol');
    expect(screen.getByRole('status', { hidden: true }).textContent ?? '').toBe('');
  });
});
