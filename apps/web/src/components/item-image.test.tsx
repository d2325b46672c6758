import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/test/render';

import { ItemImage } from './item-image';

describe('ItemImage (spec section 9)', () => {
  it('loads from the CDN, then Steam, then shows a placeholder', () => {
    renderWithProviders(
      <ItemImage marketHashName="AK-47 | Redline" iconUrl="icon123" cdnBase="https://cdn.example" />,
    );
    const image = screen.getByRole('img', { name: 'AK-47 | Redline' }) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('https://cdn.example/QUstNDcgfCBSZWRsaW5l.png?w=300');
    expect(image.getAttribute('width')).toBe('300');
    fireEvent.error(image);
    expect(screen.getByRole('img').getAttribute('src')).toBe(
      'https://community.cloudflare.steamstatic.com/economy/image/icon123/300fx300f',
    );
    fireEvent.error(screen.getByRole('img'));
    expect(screen.getByTestId('item-image-placeholder')).toBeTruthy();
  });

  it('shows the placeholder when there is nothing to load', () => {
    renderWithProviders(<ItemImage size={62} cdnBase="" />);
    expect(screen.getByRole('img', { name: 'Нет изображения' })).toBeTruthy();
  });
  it('shows an empty box first when deferred, then the picture', async () => {
    renderWithProviders(
      <ItemImage marketHashName="AK-47 | Redline" iconUrl="icon123" cdnBase="" deferMs={20} />,
    );
    expect(screen.getByRole('img', { name: 'AK-47 | Redline' }).tagName).toBe('SPAN');
    await waitFor(() => expect(screen.getByRole('img', { name: 'AK-47 | Redline' }).tagName).toBe('IMG'));
    expect(screen.getByRole('img').getAttribute('src')).toContain('icon123');
  });
});
