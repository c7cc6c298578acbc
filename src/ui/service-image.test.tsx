import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestConfig } from '../test/test-config';
import { loadableImageUrl, ServiceImage } from './service-image';

const ARCHIVE = '/archive/imagery/infrared/311240/2025/CLNE/still/069/311240.CLNE.2025.069_120102-0042.jpg';

beforeEach(() => {
  useTestConfig();
});

describe('ServiceImage', () => {
  it('loads an address of the records’ archive hosts', () => {
    render(<ServiceImage src={`https://images.test${ARCHIVE}`} alt="Infrared image from CLNE" />);
    expect(screen.getByRole('img', { name: 'Infrared image from CLNE' })).toHaveAttribute(
      'src',
      `https://images.test${ARCHIVE}`,
    );
  });

  it('never requests an address from an unlisted host, and says whose it was', () => {
    const { container } = render(<ServiceImage src={`http://127.0.0.1:9${ARCHIVE}`} alt="Infrared image from CLNE" />);
    expect(container.querySelector('img')).toBeNull();
    const placeholder = screen.getByRole('img', { name: /^Infrared image from CLNE: not loaded/ });
    expect(placeholder).toHaveTextContent('Image from an unlisted host: 127.0.0.1:9');
    expect(loadableImageUrl(`//evil.example${ARCHIVE}`)).toBeNull();
  });

  it('follows imageHosts when the deployment lists them', () => {
    useTestConfig({ imageHosts: ['https://cdn.example.org'] });
    expect(loadableImageUrl(`https://images.test${ARCHIVE}`)).toBeNull();
    expect(loadableImageUrl(`https://cdn.example.org/any.jpg`)).toBe('https://cdn.example.org/any.jpg');
    // The service's own hosts stay trusted.
    expect(loadableImageUrl('http://legacy.test/images/a.jpg')).toBe('http://legacy.test/images/a.jpg');
  });
});
