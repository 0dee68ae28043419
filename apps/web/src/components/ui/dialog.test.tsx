import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { ConfirmDialog } from './dialog';

function Harness({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Finish game</Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Finish Game?"
        description="Calling stops and the game is closed."
        confirmLabel="Finish"
        tone="danger"
        onConfirm={onConfirm}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('opens as a modal dialog with the safe choice focused, and Escape closes it', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Finish game' }));

    const dialog = await screen.findByRole('dialog', { name: 'Finish Game?' });
    expect(dialog).toHaveAccessibleDescription('Calling stops and the game is closed.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('gives the focus back to the button that opened it', async () => {
    render(<Harness onConfirm={() => {}} />);
    const user = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'Finish game' });
    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('confirms', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Finish game' }));
    await user.click(await screen.findByRole('button', { name: 'Finish' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('has a labelled close button', async () => {
    render(<Harness onConfirm={() => {}} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Finish game' }));
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Button', () => {
  it('is disabled and busy while loading', () => {
    render(<Button loading>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });
});
