import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '@/test/utils';
import { CartelaStep, gridMove } from './cartela-step';

describe('the cartela grid by keyboard', () => {
  it('moves by one with left and right, by a row with up and down, to the ends with Home and End', () => {
    expect(gridMove('ArrowRight', 10, 8)).toBe(11);
    expect(gridMove('ArrowLeft', 10, 8)).toBe(9);
    expect(gridMove('ArrowDown', 10, 8)).toBe(18);
    expect(gridMove('ArrowUp', 10, 8)).toBe(2);
    expect(gridMove('Home', 150, 8)).toBe(1);
    expect(gridMove('End', 150, 8)).toBe(300);
    expect(gridMove('ArrowUp', 3, 8)).toBe(1);
    expect(gridMove('ArrowDown', 298, 8)).toBe(300);
    expect(gridMove('a', 10, 8)).toBeNull();
  });

  it('is one stop of the Tab key, and the arrows and Space pick a cartela', async () => {
    function Step() {
      const [selected, setSelected] = useState<Set<number>>(new Set());
      return <CartelaStep assigned={new Set([1, 2, 3])} selected={selected} onChange={setSelected} />;
    }
    renderInApp(<Step />);
    const grid = screen.getAllByRole('list').find((list) => list.querySelectorAll('button').length === 300)!;
    const buttons = within(grid).getAllByRole('button');
    expect(buttons).toHaveLength(300);
    expect(buttons.filter((b) => b.tabIndex === 0)).toHaveLength(1);

    const user = userEvent.setup();
    buttons[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(buttons[1]).toHaveFocus();
    await user.keyboard(' ');
    expect(buttons[1]).toHaveAttribute('aria-pressed', 'true');
    expect(buttons.filter((b) => b.tabIndex === 0)).toEqual([buttons[1]]);
    await user.keyboard('{End}');
    expect(buttons[299]).toHaveFocus();
  });
});
