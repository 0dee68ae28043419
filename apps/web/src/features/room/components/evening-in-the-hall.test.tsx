// Issue 19 in the room: the hall display is told which cartela is being checked; 'Next game' after a finish;
// Cancel game beside the controls before the first call; ctrl/cmd+H the site header; one colour per column.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '@/i18n';
import { setSiteHeaderHidden, siteHeaderHidden } from '@/lib/site-header';
import { ballColour as displayColour } from '../display/components/ball';
import { DisplayBoard } from '../display/components/board';
import { createFakeRoom, renderRoom } from '../testing';
import { NumberBoard } from './number-board';

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const controls = () => within(screen.getByRole('region', { name: 'Game controls' }));

afterEach(async () => {
  setSiteHeaderHidden(false);
  await applyLanguage('en');
});

describe('the room and the hall display (issue 19)', () => {
  it('tells the display the cartela being checked, and that the check is over', async () => {
    const user = userEvent.setup();
    const room = createFakeRoom({ calls: 4 });
    renderRoom(room);
    await user.click(button('Validate'));
    await user.type(screen.getByLabelText('Cartela number'), '12');
    await user.click(button('Show Bingo Card'));
    await waitFor(() => expect(room.claims.at(-1)).toBe(12));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Cartela #12' })).getByRole('button', {
        name: 'BLOCK CARTELA',
      }),
    );
    await waitFor(() => expect(room.claims.at(-1)).toBeNull());
  });

  it('a viewer never speaks to the display', async () => {
    const user = userEvent.setup();
    const room = createFakeRoom({ calls: 4, role: 'viewer' });
    renderRoom(room);
    await user.click(button('Validate'));
    await user.type(screen.getByLabelText('Cartela number'), '7');
    await user.click(button('Show Bingo Card'));
    expect(screen.getByRole('dialog', { name: 'Cartela #7' })).toBeInTheDocument();
    expect(room.claims.filter((n) => n !== null)).toEqual([]);
  });
});

describe('the next round (issue 19)', () => {
  it("offers 'Next game' once the game is finished, with the game's stake, pattern and cartelas", async () => {
    const user = userEvent.setup();
    const room = createFakeRoom({ calls: 3 });
    renderRoom(room);
    expect(controls().queryByRole('link', { name: 'Next game' })).toBeNull();
    await user.click(button('Finish Game'));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Finish Game?' })).getByRole('button', {
        name: 'Finish Game',
      }),
    );
    const next = await screen.findByRole('link', { name: 'Next game' });
    expect(next).toHaveAttribute('href', '/game');
    await user.click(next);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/game$/));
  });

  it("shows 'Cancel game' beside the controls while no ball has been called, and not after", async () => {
    const user = userEvent.setup();
    const room = createFakeRoom({ sealed: true });
    renderRoom(room);
    await user.click(controls().getByRole('button', { name: 'Cancel game' }));
    expect(await screen.findByRole('dialog', { name: 'Cancel this game?' })).toBeInTheDocument();
  });

  it('no Cancel game beside the controls once a ball is called', () => {
    renderRoom(createFakeRoom({ calls: 1 }));
    expect(controls().queryByRole('button', { name: 'Cancel game' })).toBeNull();
  });

  it('speaks Amharic', async () => {
    await applyLanguage('am');
    renderRoom(createFakeRoom({ sealed: true }));
    expect(await screen.findByRole('button', { name: 'ጨዋታውን ሰርዝ' })).toBeInTheDocument();
  });
});

describe('the keyboard and the colours (issue 19)', () => {
  it('ctrl/cmd+H toggles the site header; ctrl/cmd+shift+H the room header', () => {
    renderRoom(createFakeRoom());
    const key = (init: KeyboardEventInit) => fireEvent.keyDown(document.body, { key: 'h', ...init });
    key({ ctrlKey: true });
    expect(siteHeaderHidden()).toBe(true);
    expect(screen.getByRole('heading', { level: 1, name: 'Game Room' })).toBeInTheDocument();
    key({ metaKey: true });
    expect(siteHeaderHidden()).toBe(false);
    key({ key: 'H', ctrlKey: true, shiftKey: true });
    expect(siteHeaderHidden()).toBe(false);
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('the site header comes back when the room closes', () => {
    const { unmount } = renderRoom(createFakeRoom());
    fireEvent.keyDown(document.body, { key: 'h', ctrlKey: true });
    expect(siteHeaderHidden()).toBe(true);
    unmount();
    expect(siteHeaderHidden()).toBe(false);
  });

  it('each column has one colour in the room and on the TV', () => {
    const { container: roomBoard } = render(<NumberBoard called={[]} highlight={null} flicker={false} />);
    const { container: tv } = render(<DisplayBoard called={new Set([1, 16, 31, 46, 61])} last={null} />);
    const classes = (el: Element) =>
      el.className
        .split(/\s+/)
        .filter((c) => /^bg-[a-z]+-\d+$/.test(c) || /^text-(white|[a-z]+-\d+)$/.test(c))
        .sort();
    for (const [row, n] of [1, 16, 31, 46, 61].entries()) {
      const roomHeader = roomBoard.querySelectorAll('.grid > .contents')[row]!.firstElementChild!;
      const tvHeader = within(tv).getAllByRole('list')[row]!.firstElementChild!;
      expect(classes(roomHeader)).toEqual(classes(tvHeader));
      expect(classes(tvHeader)).toEqual(displayColour(n).split(' ').sort());
    }
  });
});
