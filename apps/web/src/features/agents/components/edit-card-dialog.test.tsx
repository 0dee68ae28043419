import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '@/i18n';
import { columnNames, json, mockApi } from '@/test/utils';
import { AGENT_ID, cardOf, makeAssigned, renderInApp } from '../testing';
import { cardFromGrid, EditCardDialog } from './edit-card-dialog';

const PATH = `PUT /api/cartelas/agent/${AGENT_ID}/cartela/7` as const;

function setup(
  answer: Response | (() => Response) = json(200, { message: 'ok', cartelaAssignment: makeAssigned(7) }),
) {
  const fetchMock = mockApi({ [PATH]: answer });
  const onClose = vi.fn();
  renderInApp(
    <EditCardDialog
      agentId={AGENT_ID}
      agentName="agent1"
      cartelaNumber={7}
      card={cardOf(7)}
      onClose={onClose}
    />,
  );
  return { fetchMock, onClose, user: userEvent.setup() };
}

/** Save card, refused by the server (`message`, about `field`): the dialog's alert says why (`shown`). */
async function refused(status: number, code: string, field: string, message: string, shown = message) {
  const opened = setup(json(status, { message, code, field }));
  await opened.user.click(await screen.findByRole('button', { name: 'Save card' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(shown);
  return opened;
}

describe('Edit card dialog', () => {
  it('shows B-I-N-G-O with each range, 24 inputs and the fixed free centre', async () => {
    setup();
    const dialog = await screen.findByRole('dialog', { name: 'Edit cartela 7' });
    const headers = columnNames(dialog);
    expect(headers).toEqual(['B1-15', 'I16-30', 'N31-45', 'G46-60', 'O61-75']);
    expect(within(dialog).getAllByRole('textbox')).toHaveLength(24);
    expect(within(dialog).getByText('Free')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'B column, row 1 (1-15)' })).toHaveValue(
      String(cardOf(7)[0]![0]),
    );
  });

  it('turns an empty input into 0, so the rule names that cell, and sends nothing', async () => {
    const { user, fetchMock } = setup();
    const cell = await screen.findByRole('textbox', { name: 'I column, row 2 (16-30)' });
    await user.clear(cell);
    await user.click(screen.getByRole('button', { name: 'Save card' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('I column, row 2 is empty');
    expect(cell).toHaveAttribute('aria-invalid', 'true');
    expect(cell).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
    // The card the rule judged: the empty input is a 0 there.
    expect(
      cardFromGrid([
        ['', '1'],
        ['2', ''],
      ]),
    ).toEqual([
      [0, 1],
      [2, 0],
    ]);
  });

  it('refuses a blank cell and says what the card needs: its printed number; only the centre is free (issue 20)', async () => {
    const { user, fetchMock } = setup();
    const dialog = await screen.findByRole('dialog', { name: 'Edit cartela 7' });
    // The rule is on screen before anything is typed.
    expect(
      within(dialog).getByText(
        'Each column takes 5 different numbers from its range (B-I-N-G-O). Only the centre is free: every other cell needs the number printed on the card.',
      ),
    ).toBeInTheDocument();
    const cell = screen.getByRole('textbox', { name: 'G column, row 4 (46-60)' });
    await user.clear(cell);
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'G column, row 4 is empty. Type the number printed in that cell (46-60): only the centre of a card is free.',
    );
    expect(cell).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says the same in Amharic', async () => {
    await applyLanguage('am');
    const { user, fetchMock } = setup();
    const cell = await screen.findByRole('textbox', { name: 'G አምድ፣ ረድፍ 4 (46-60)' });
    await user.clear(cell);
    await user.click(screen.getByRole('button', { name: 'ካርዱን አስቀምጥ' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'G አምድ፣ ረድፍ 4 ባዶ ነው። በዚያ ሕዋስ ላይ የታተመውን ቁጥር ይጻፉ (46-60)፤ የካርድ ነፃ ቦታ መሃሉ ብቻ ነው።',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('names a number outside its column range', async () => {
    const { user } = setup();
    const cell = await screen.findByRole('textbox', { name: 'O column, row 5 (61-75)' });
    await user.clear(cell);
    await user.type(cell, '12');
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('O column, row 5: 12 is outside O 61-75');
  });

  it("shows the server's reason on the cell it names", async () => {
    const { onClose } = await refused(
      400,
      'VALIDATION_FAILED',
      'bingoCard.3.1',
      'bingoCard.3.1: I column, row 4: this arrangement is already used by cartela 12',
      'I column, row 4: this arrangement is already used by cartela 12',
    );
    const cell = screen.getByRole('textbox', { name: 'I column, row 4 (16-30)' });
    await waitFor(() => expect(cell).toHaveAttribute('aria-invalid', 'true'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of a card another of the agent's cartelas already has", async () => {
    await refused(409, 'CONFLICT', 'bingoCard', 'This card is already the card of cartela 12 of agent1');
    expect(screen.getAllByRole('textbox').some((input) => input.getAttribute('aria-invalid'))).toBe(false);
  });

  it('saves the typed card and says so', async () => {
    const { user, fetchMock, onClose } = setup();
    const cell = await screen.findByRole('textbox', { name: 'B column, row 1 (1-15)' });
    const card = cardOf(7);
    // A B number not on the card yet.
    const unused = [...Array(15).keys()].map((i) => i + 1).find((n) => !card.some((row) => row[0] === n))!;
    await user.clear(cell);
    await user.type(cell, String(unused));
    await user.click(screen.getByRole('button', { name: 'Save card' }));

    expect(await screen.findByText('Bingo card of cartela 7 updated for agent1')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    const sent = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body));
    card[0]![0] = unused;
    expect(sent).toEqual({ bingoCard: card });
  });
});
