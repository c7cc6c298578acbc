import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../mocks/node';
import { resetPlatformCredentials } from '../../stores/platform-credentials-store';
import { useTestConfig } from '../../test/test-config';
import { Component as ActivityRoute } from './activity-route';
import { renderRoute } from '../../test/render-route';

function renderAt(url: string) {
  return renderRoute('/activity', ActivityRoute, url).router;
}

beforeEach(() => {
  useTestConfig();
  resetPlatformCredentials();
});

describe('activity route', () => {
  it('lists event types through the proxy and narrows them with two modules (repeated params in the URL)', async () => {
    const router = renderAt('/activity');
    expect(await screen.findByText(/^\d+ event types$/)).toBeInTheDocument();
    const all = Number(/^(\d+)/.exec(screen.getByText(/^\d+ event types$/).textContent!)![1]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Users' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Security' }));
    expect(router.state.location.search).toBe('?modules=Users&modules=Security');
    const narrowed = await screen.findByText((t) => /^\d+ event types$/.test(t) && Number(t.split(' ')[0]) < all);
    expect(narrowed).toBeInTheDocument();
    const table = screen.getByRole('table');
    const modules = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[3]!.textContent);
    expect(new Set(modules)).toEqual(new Set(['Users', 'Security']));
    await userEvent.type(screen.getByLabelText('Search the list'), 'role deleted');
    expect(await screen.findByText(/1 of \d+ event types match/)).toBeInTheDocument();
  });

  it('client credentials typed in: a token without ACTIVITY_LOG explains the 403; the secret stays out of the DOM', async () => {
    renderAt('/activity');
    await userEvent.click(screen.getByRole('radio', { name: /client id and secret/i }));
    expect(screen.getByText(/cannot keep a secret safe/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Client id'), 'demo-noscope');
    await userEvent.type(screen.getByLabelText('Client secret'), 'demo-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Use these credentials' }));
    expect(await screen.findByText(/Forbidden \(403\): the token lacks the ACTIVITY_LOG scope/)).toBeInTheDocument();
    expect(screen.getByLabelText('Client secret')).toHaveValue('');
    expect(document.body.innerHTML).not.toContain('demo-secret');
    expect(window.location.href).not.toContain('secret');
  });

  it('a wrong secret is a 401 from the token endpoint, said as refused credentials', async () => {
    renderAt('/activity');
    await userEvent.click(screen.getByRole('radio', { name: /client id and secret/i }));
    await userEvent.type(screen.getByLabelText('Client id'), 'demo-client');
    await userEvent.type(screen.getByLabelText('Client secret'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Use these credentials' }));
    expect(await screen.findByText('The client id or secret was refused')).toBeInTheDocument();
  });

  it('a 500 is said plainly', async () => {
    server.use(
      http.get('http://platform.test/api/audit/v4/audits/event-types', () =>
        HttpResponse.json({ message: 'boom' }, { status: 500 }),
      ),
    );
    renderAt('/activity');
    expect(await screen.findByText('The service failed (500)', {}, { timeout: 20_000 })).toBeInTheDocument();
  }, 30_000);
});
