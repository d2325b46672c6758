import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/test/render';

import { AppDialog } from './app-dialog';

function Harness({ persistent }: { persistent?: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'open' : 'closed'}</p>
      <AppDialog open={open} persistent={persistent} onClose={() => setOpen(false)} title="Dialog">
        body
      </AppDialog>
    </>
  );
}

const pressEscape = () => fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });

describe('AppDialog (spec sections 4 and 9)', () => {
  it('closes on Escape', async () => {
    renderWithProviders(<Harness />);
    pressEscape();
    await waitFor(() => expect(screen.getByText('closed')).toBeTruthy());
  });

  it('closes on an outside click', async () => {
    renderWithProviders(<Harness />);
    const backdrop = document.querySelector('.MuiBackdrop-root');
    expect(backdrop).toBeTruthy();
    fireEvent.mouseDown(backdrop!);
    fireEvent.click(backdrop!);
    await waitFor(() => expect(screen.getByText('closed')).toBeTruthy());
  });

  it('sits above the page at z-index 2000', () => {
    renderWithProviders(<Harness />);
    const root = document.querySelector('.MuiDialog-root') as HTMLElement;
    expect(getComputedStyle(root).zIndex).toBe('2000');
  });

  it('stays open when persistent and scales up instead', async () => {
    renderWithProviders(<Harness persistent />);
    pressEscape();
    const paper = document.querySelector('.MuiDialog-paper') as HTMLElement;
    expect(getComputedStyle(paper).transform).toBe('scale(1.03)');
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(getComputedStyle(paper).transform).toBe('none');
    expect(screen.getByText('open')).toBeTruthy();
  });
});
