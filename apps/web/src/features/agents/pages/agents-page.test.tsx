import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminUser, columnNames, compileFirst, json, makeUser, openAs } from '@/test/utils';
import {
  AGENT_ID,
  agentsAnswer,
  makeAgent,
  makeAssigned,
  makeCartela,
  SUPER_ID,
  underSuperAgent,
} from '../testing';

const COIN_AGENT = underSuperAgent();
const SHARE_AGENT = makeAgent({
  id: 'e1d2c3b4-0000-4000-8000-000000000002',
  username: 'agent2',
  contact: null,
  financialModel: 'commission-share',
  systemCommissionShare: 16.6667,
  virtualCoins: 0,
  totalEarnings: 0,
  isActive: false,
});

const row = (name: string) => screen.getByRole('row', { name });

compileFirst(
  () => import('./agents-page'),
  () => import('../components/admin-view'),
  () => import('../components/my-cartelas'),
  () => import('../components/cartela-editor'),
  () => import('../components/print-view'),
);

describe('/agents for the admin', () => {
  it('lists every agent with the spec columns: N/A coins and No Super Agent where they apply', async () => {
    openAs(adminUser(), '/agents', { 'GET /api/users/agents': agentsAnswer([COIN_AGENT, SHARE_AGENT]) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Agents and Cartelas' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Agents', selected: true })).toBeInTheDocument();
    await screen.findByRole('row', { name: 'agent1' });

    const headers = columnNames(screen.getByRole('table', { name: 'Agents' }));
    expect(headers).toEqual([
      'Agent',
      'Contact',
      'Financial model',
      'Super agent',
      'Virtual coins',
      'Total earnings',
      'Status',
      'Actions',
    ]);

    const first = within(row('agent1'));
    expect(first.getByText('0911 223344')).toBeInTheDocument();
    expect(first.getByText('Virtual coins')).toBeInTheDocument();
    expect(first.getByText('super1')).toBeInTheDocument();
    expect(first.getByText('Rate 20%')).toBeInTheDocument();
    expect(first.getByText('1,000')).toBeInTheDocument();
    expect(first.getByText(/ETB\s1,234\.50/)).toBeInTheDocument();
    expect(first.getByText('Active')).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Add coins' })).toBeInTheDocument();

    const second = within(row('agent2'));
    expect(second.getByText('No contact')).toBeInTheDocument();
    expect(second.getByText('Commission share')).toBeInTheDocument();
    expect(second.getByText('Commission 10% · admin share 16.6667%')).toBeInTheDocument();
    expect(second.getByText('No Super Agent')).toBeInTheDocument();
    expect(second.getByText('N/A')).toBeInTheDocument();
    expect(second.getByText('Inactive')).toBeInTheDocument();
    // Coins are for virtual-coin agents only.
    expect(second.queryByRole('button', { name: 'Add coins' })).not.toBeInTheDocument();
  });

  it("opens a virtual-coin agent's coin statement from its row; a commission-share agent has none", async () => {
    openAs(adminUser(), '/agents', {
      'GET /api/users/agents': agentsAnswer([COIN_AGENT, SHARE_AGENT]),
      'GET /api/coins/statement': json(200, {
        agent: { id: COIN_AGENT.id, username: 'agent1', financialModel: 'virtual-coin', virtualCoins: 0 },
        rows: [],
        page: 1,
        limit: 50,
        total: 0,
        totalPages: 0,
      }),
    });
    await screen.findByRole('row', { name: 'agent1' });
    expect(within(row('agent2')).queryByRole('button', { name: 'Coin statement' })).not.toBeInTheDocument();
    await userEvent.setup().click(within(row('agent1')).getByRole('button', { name: 'Coin statement' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/agents/${COIN_AGENT.id}/coins`),
    );
    expect(await screen.findByText("Every change of agent1's coins, newest first.")).toBeInTheDocument();
  });

  it('shows each rate as it is stored: 12.345% is not 12.35% (issue 20)', async () => {
    const exact = makeAgent({
      commissionPercentage: 12.5,
      superAgentId: SUPER_ID,
      superAgentCommissionRate: 12.345,
      superAgent: { superAgentId: SUPER_ID, superAgentUsername: 'super1', superAgentCommissionRate: 12.345 },
    });
    openAs(adminUser(), '/agents', { 'GET /api/users/agents': agentsAnswer([exact]) });
    const first = within(await screen.findByRole('row', { name: 'agent1' }));
    expect(first.getByText('Rate 12.345%')).toBeInTheDocument();
    expect(first.getByText('Commission 12.5%')).toBeInTheDocument();
  });

  it('searches by name, contact or super agent', async () => {
    openAs(adminUser(), '/agents', { 'GET /api/users/agents': agentsAnswer([COIN_AGENT, SHARE_AGENT]) });
    await screen.findByRole('row', { name: 'agent2' });
    await userEvent.setup().type(screen.getByRole('searchbox', { name: /Search agents/ }), 'SUPER1');
    expect(screen.getByText('Showing 1 of 2 agents')).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: 'agent2' })).not.toBeInTheDocument();
  });

  it("says 'Failed to load agents', with the reason, and tries again", async () => {
    let answer = json(403, { message: 'Not allowed here', code: 'FORBIDDEN' });
    openAs(adminUser(), '/agents', { 'GET /api/users/agents': () => answer });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load agents')).toBeInTheDocument();
    expect(within(alert).getByText('Not allowed here')).toBeInTheDocument();
    // The spec's toast too.
    await waitFor(() => expect(screen.getAllByText('Failed to load agents')).toHaveLength(2));

    answer = agentsAnswer([COIN_AGENT]);
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('row', { name: 'agent1' })).toBeInTheDocument();
  });

  it('shows an empty list with a way to create the first agent', async () => {
    openAs(adminUser(), '/agents', { 'GET /api/users/agents': agentsAnswer([]) });
    expect(await screen.findByText('No agents yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Create Agent' })).toHaveLength(2);
  });

  it('asks before deactivating, then says so; activating needs no question', async () => {
    let agents = [COIN_AGENT, SHARE_AGENT];
    const fetchMock = openAs(adminUser(), '/agents', {
      'GET /api/users/agents': () => agentsAnswer(agents),
      [`PUT /api/users/agents/${AGENT_ID}`]: ({ body }: { body: unknown }) => {
        agents = agents.map((a) => (a.id === AGENT_ID ? { ...a, ...(body as object) } : a));
        return json(200, { message: 'ok', agent: agents[0] });
      },
      [`PUT /api/users/agents/${SHARE_AGENT.id}`]: ({ body }: { body: unknown }) => {
        agents = agents.map((a) => (a.id === SHARE_AGENT.id ? { ...a, ...(body as object) } : a));
        return json(200, { message: 'ok', agent: agents[1] });
      },
    });
    const user = userEvent.setup();
    await user.click(
      await within(await screen.findByRole('row', { name: 'agent1' })).findByRole('button', {
        name: 'Deactivate',
      }),
    );

    const confirm = await screen.findByRole('dialog', { name: 'Deactivate agent1?' });
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Agent deactivated')).toBeInTheDocument();
    await waitFor(() => expect(within(row('agent1')).getByText('Inactive')).toBeInTheDocument());

    await user.click(within(row('agent2')).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Agent activated')).toBeInTheDocument();
    const puts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(puts.map(([, init]) => JSON.parse(String(init!.body)))).toEqual([
      { isActive: false },
      { isActive: true },
    ]);
  });

  it('deletes an agent only after confirmation', async () => {
    let agents = [COIN_AGENT, SHARE_AGENT];
    const fetchMock = openAs(adminUser(), '/agents', {
      'GET /api/users/agents': () => agentsAnswer(agents),
      [`DELETE /api/users/agents/${SHARE_AGENT.id}`]: () => {
        agents = [COIN_AGENT];
        return json(200, { message: 'Agent deleted successfully' });
      },
    });
    const user = userEvent.setup();
    await user.click(
      within(await screen.findByRole('row', { name: 'agent2' })).getByRole('button', { name: 'Delete' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Delete agent2?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(within(row('agent2')).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Agent deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: 'agent2' })).not.toBeInTheDocument());
  });

  it('shows the system cartelas in the Cartelas tab; a card has B-I-N-G-O, the ranges and its patterns', async () => {
    openAs(adminUser(), '/agents?tab=cartelas', {
      'GET /api/users/agents': agentsAnswer([]),
      'GET /api/cartelas': json(200, { cartelas: [makeCartela(2), makeCartela(1), makeCartela(10)] }),
    });
    expect(await screen.findByRole('tab', { name: 'Cartelas', selected: true })).toBeInTheDocument();
    const grid = await screen.findByRole('list', { name: 'Cartela numbers' });
    expect(
      within(grid)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '10']);

    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Find a cartela number' }), '1');
    expect(
      within(grid)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1', '10']);

    await user.click(screen.getByRole('button', { name: 'Cartela 10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cartela 10' });
    const card = within(dialog).getByRole('table', { name: 'Cartela 10' });
    expect(columnNames(card)).toEqual(['B1-15', 'I16-30', 'N31-45', 'G46-60', 'O61-75']);
    const cells = within(card)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells[12]).toBe('Free');
    expect(cells.filter((_, i) => i !== 12).map(Number)).toEqual(
      makeCartela(10)
        .bingoCard.flat()
        .filter((_, i) => i !== 12),
    );
    expect(within(dialog).getByText('Full House')).toBeInTheDocument();
    expect(within(dialog).getByText('Four Corners')).toBeInTheDocument();
  });

  it("says 'Failed to load cartelas' when the system set does not load", async () => {
    openAs(adminUser(), '/agents?tab=cartelas', {
      'GET /api/users/agents': agentsAnswer([]),
      'GET /api/cartelas': json(403, { message: 'No', code: 'FORBIDDEN' }),
    });
    expect(
      await within(await screen.findByRole('alert')).findByText('Failed to load cartelas'),
    ).toBeInTheDocument();
  });
});

describe("an agent's cartela editor", () => {
  const cartelas = [makeAssigned(3), makeAssigned(1), makeAssigned(2)];

  it('shows the agent cartelas and replaces a card locally when the server cannot generate one', async () => {
    const fetchMock = openAs(adminUser(), `/agents?agent=${AGENT_ID}`, {
      'GET /api/users/agents': agentsAnswer([COIN_AGENT]),
      [`GET /api/cartelas/agent/${AGENT_ID}`]: json(200, { assignedCartelas: cartelas }),
      [`POST /api/cartelas/agent/${AGENT_ID}/cartela/2/generate`]: json(500, {
        message: 'Something went wrong. Please try again.',
        code: 'INTERNAL',
      }),
      [`PUT /api/cartelas/agent/${AGENT_ID}/cartela/2`]: ({ body }) =>
        json(200, {
          message: 'ok',
          cartelaAssignment: makeAssigned(2, { bingoCard: (body as { bingoCard: number[][] }).bingoCard }),
        }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cartelas of agent1' })).toBeInTheDocument();
    const grid = await screen.findByRole('list', { name: 'Cartela numbers' });
    expect(
      within(grid)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3']);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cartela 2' }));
    const view = await screen.findByRole('dialog', { name: 'Cartela 2' });
    expect(within(view).getByText("The agent's winning patterns")).toBeInTheDocument();
    await user.click(within(view).getByRole('button', { name: 'New arrangement' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Give cartela 2 a new arrangement?' })).getByRole(
        'button',
        { name: 'New arrangement' },
      ),
    );

    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    const editor = await screen.findByRole('dialog', { name: 'New arrangement for cartela 2' });
    expect(within(editor).getByText(/made on this device/)).toBeInTheDocument();
    const shown = within(editor)
      .getAllByRole('textbox')
      .map((input) => Number((input as HTMLInputElement).value));
    await user.click(within(editor).getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Bingo card of cartela 2 updated for agent1')).toBeInTheDocument();

    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    const sent = JSON.parse(String(put[1]!.body)).bingoCard as number[][];
    expect(sent.flat().filter((_, i) => i !== 12)).toEqual(shown);
    expect(sent[2]![2]).toBe(0);
  });

  it('removes a cartela after confirmation', async () => {
    let held = cartelas;
    openAs(adminUser(), `/agents?agent=${AGENT_ID}`, {
      'GET /api/users/agents': agentsAnswer([COIN_AGENT]),
      [`GET /api/cartelas/agent/${AGENT_ID}`]: () => json(200, { assignedCartelas: held }),
      [`DELETE /api/cartelas/agent/${AGENT_ID}/cartela/3`]: () => {
        held = held.filter((c) => c.cartelaNumber !== 3);
        return json(200, { message: 'ok' });
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cartela 3' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cartela 3' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Remove cartela 3 from agent1?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Cartela 3 removed from agent1')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cartela 3' })).not.toBeInTheDocument());
  });

  it('auto-assigns 10 balanced cartelas by default', async () => {
    const fetchMock = openAs(adminUser(), `/agents?agent=${AGENT_ID}`, {
      'GET /api/users/agents': agentsAnswer([COIN_AGENT]),
      [`GET /api/cartelas/agent/${AGENT_ID}`]: json(200, { assignedCartelas: [] }),
      [`POST /api/cartelas/agent/${AGENT_ID}/auto-assign`]: json(200, {
        message: 'ok',
        assignedCartelas: Array.from({ length: 10 }, (_, i) => makeAssigned(i + 1)),
      }),
    });
    expect(await screen.findByText('agent1 has no cartelas yet')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Auto-assign' }));
    expect(await screen.findByLabelText('How many')).toHaveValue('10');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Auto-assign' }));
    expect(await screen.findByText('Auto-assigned 10 balanced cartelas to agent1')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ count: 10 });
  });
});

describe('/agents for an agent', () => {
  it('shows only its own cartelas, view only, with their cards', async () => {
    const agent = makeUser();
    openAs(agent, '/agents', {
      'GET /api/cartelas/my-cartelas': json(200, { assignedCartelas: [makeAssigned(7), makeAssigned(5)] }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: /Cartelas/ })).toHaveTextContent('View Only');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Agent' })).not.toBeInTheDocument();
    const grid = await screen.findByRole('list', { name: 'Cartela numbers' });
    expect(
      within(grid)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['5', '7']);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Cartela 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cartela 7' });
    const cells = within(dialog)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.filter((_, i) => i !== 12).map(Number)).toEqual(
      makeAssigned(7)
        .bingoCard.flat()
        .filter((_, i) => i !== 12),
    );
    // No editing for an agent.
    expect(within(dialog).queryByRole('button', { name: 'Edit card' })).not.toBeInTheDocument();
  });

  it('names the winning patterns its cards play, in its language (issue 20)', async () => {
    const agent = makeUser({ winningPatterns: ['any-one-line', 'full-house'] });
    openAs(agent, '/agents', {
      'GET /api/cartelas/my-cartelas': json(200, { assignedCartelas: [makeAssigned(7)] }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cartela 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cartela 7' });
    const patterns = within(dialog).getByRole('region', { name: 'Winning patterns you play' });
    // The agent's patterns (what its games may use, decision 066), in core's order.
    expect(
      within(patterns)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Full House', 'Any One Line']);
  });

  it('names the patterns in Amharic for an Amharic agent', async () => {
    const agent = makeUser({ language: 'am', winningPatterns: ['four-corners'] });
    openAs(agent, '/agents', {
      'GET /api/cartelas/my-cartelas': json(200, { assignedCartelas: [makeAssigned(7)] }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'ካርቴላ 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'ካርቴላ 7' });
    const patterns = within(dialog).getByRole('region', { name: 'የሚጫወቷቸው የማሸነፊያ ቅርጾች' });
    expect(within(patterns).getByRole('listitem')).toHaveTextContent('አራት ማዕዘኖች');
  });

  it("says 'Failed to load assigned cartelas'", async () => {
    openAs(makeUser(), '/agents', {
      'GET /api/cartelas/my-cartelas': json(403, { message: 'No', code: 'FORBIDDEN' }),
    });
    expect(
      await within(await screen.findByRole('alert')).findByText('Failed to load assigned cartelas'),
    ).toBeInTheDocument();
  });
});

describe('printing cartelas', () => {
  it('previews the chosen cards four to an A4 sheet, then prints', async () => {
    const system = Array.from({ length: 12 }, (_, i) => makeCartela(i + 1));
    openAs(adminUser(), '/agents?tab=cartelas', {
      'GET /api/users/agents': agentsAnswer([]),
      'GET /api/cartelas': json(200, { cartelas: system }),
      'GET /api/public/address': json(200, { publicUrl: 'http://192.168.1.10:3000' }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Print cartelas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Print cartelas' });
    expect(within(dialog).getByRole('button', { name: 'Preview 0 pages' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('From'), '2');
    await user.type(within(dialog).getByLabelText('To'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Add range' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cartela 9' }));
    await user.click(within(dialog).getByRole('button', { name: 'Preview 2 pages' }));

    const preview = await screen.findByRole('region', { name: 'Print preview' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/agents'));
    expect(within(preview).getByText(/5 cartelas · 2 A4 pages/)).toBeInTheDocument();
    const sheets = within(preview).getAllByRole('region', { name: /^Page \d of 2$/ });
    expect(
      sheets.map((s) =>
        within(s)
          .getAllByRole('table')
          .map((t) => t.getAttribute('aria-label') ?? t.querySelector('caption')?.textContent),
      ),
    ).toEqual([['Cartela 2', 'Cartela 3', 'Cartela 4', 'Cartela 5'], ['Cartela 9']]);
    // Every card says where players check any game (decision 074).
    await waitFor(() =>
      expect(within(preview).getAllByText('Check any game at http://192.168.1.10:3000/verify')).toHaveLength(
        5,
      ),
    );
    const nine = within(sheets[1]!).getByRole('table', { name: 'Cartela 9' });
    expect(
      within(nine)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .filter((_, i) => i !== 12)
        .map(Number),
    ).toEqual(
      makeCartela(9)
        .bingoCard.flat()
        .filter((_, i) => i !== 12),
    );
    expect(document.body).toHaveClass('cartela-printing');

    let printed = 0;
    window.print = () => {
      printed++;
    };
    await user.click(within(preview).getByRole('button', { name: 'Print or save as PDF' }));
    expect(printed).toBe(1);

    await user.click(within(preview).getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('tab', { name: 'Cartelas', selected: true })).toBeInTheDocument();
    expect(document.body).not.toHaveClass('cartela-printing');
  });
});
