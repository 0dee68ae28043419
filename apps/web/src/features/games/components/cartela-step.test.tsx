import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '@/test/utils';
import '../i18n';
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

describe('a cartela number as typed (decision 085)', () => {
  function Step() {
    const [selected, setSelected] = useState<Set<number>>(new Set());
    return <CartelaStep assigned={new Set([2, 5, 11, 25, 250])} selected={selected} onChange={setSelected} />;
  }
  const pressed = () =>
    screen
      .getAllByRole('button', { pressed: true })
      .map((b) => b.textContent)
      .filter((text) => /^\d+$/.test(text ?? ''));

  it("keeps '2.5' and '1e1' as typed and refuses them: never 25 or 11", async () => {
    renderInApp(<Step />);
    const user = userEvent.setup();
    const single = screen.getByLabelText('Cartela number');
    for (const text of ['2.5', '1e1', '-5', '301', '0']) {
      await user.clear(single);
      await user.type(single, text);
      expect(single).toHaveValue(text);
      expect(single).toHaveAttribute('aria-invalid', 'true');
      expect(single).toHaveAccessibleDescription('Enter a cartela number from 1 to 300.');
      expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();
      await user.type(single, '{Enter}');
      expect(screen.queryAllByRole('button', { pressed: true })).toEqual([]);
    }
    // A whole number is added as before.
    await user.clear(single);
    await user.type(single, '25{Enter}');
    expect(pressed()).toEqual(['25']);
    expect(screen.queryByText('Enter a cartela number from 1 to 300.')).not.toBeInTheDocument();
  });

  it('keeps a range as typed too: From 2.5 is refused, not read as 25', async () => {
    renderInApp(<Step />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('From'), '2.5');
    await user.type(screen.getByLabelText('To'), '30{Enter}');
    expect(screen.getByLabelText('From')).toHaveValue('2.5');
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Enter a range within 1-300, its start not above its end.',
    );
    expect(screen.getByRole('button', { name: 'Add range' })).toBeDisabled();
    expect(screen.queryAllByRole('button', { pressed: true })).toEqual([]);
  });
});
