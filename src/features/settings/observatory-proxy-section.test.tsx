import { render, screen } from '@testing-library/react';
import { ServiceHostsSource } from './observatory-proxy-section';

describe('where the settings say the hosts come from', () => {
  it('on its own: config.json, to be changed there', () => {
    render(<ServiceHostsSource behindProxy={false} />);
    expect(screen.getByText(/These come from/).textContent).toBe(
      'These come from config.json beside index.html; change them there (see the README).',
    );
  });

  it('behind the observatory proxy: the proxy’s start flags, and config.json’s hosts have no effect', () => {
    render(<ServiceHostsSource behindProxy />);
    const note = screen.getByText(/observatory proxy’s own paths/).textContent;
    expect(note).toContain('started with (deploy/observatory/run --main, --legacy, --platform)');
    expect(note).toContain('a host in the deployment’s config.json has no effect behind the proxy');
    expect(note).not.toMatch(/change them there/);
  });
});
