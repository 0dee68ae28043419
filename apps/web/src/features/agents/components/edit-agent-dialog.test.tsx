import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { agentsQuery } from '@/api/agents';
import { queryClient } from '@/lib/query-client';
import { json, mockApi } from '@/test/utils';
import {
  AGENT_ID,
  agentsAnswer,
  makeAgent,
  makeSuperAgent,
  renderInApp,
  SUPER_ID,
  superAgentsAnswer,
  underSuperAgent,
} from '../testing';
import { EditAgentDialog } from './edit-agent-dialog';

const UNDER_SUPER = underSuperAgent();

function setup(agent = makeAgent()) {
  const fetchMock = mockApi({
    'GET /api/super-agents': superAgentsAnswer([makeSuperAgent()]),
    [`PUT /api/users/agents/${AGENT_ID}`]: ({ body }) =>
      json(200, { message: 'ok', agent: { ...agent, ...(body as object) } }),
  });
  const onClose = vi.fn();
  renderInApp(<EditAgentDialog agent={agent} onClose={onClose} />);
  const sent = () => {
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    return call ? JSON.parse(String(call[1]!.body)) : undefined;
  };
  return { sent, onClose, user: userEvent.setup() };
}

describe('Edit Agent dialog', () => {
  it('keeps the password when it is left blank and sends only what changed', async () => {
    const { user, sent, onClose } = setup();
    await screen.findByRole('dialog', { name: 'Edit Agent' });
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'Leave blank to keep the current password',
    );
    await user.clear(screen.getByLabelText('Contact'));
    await user.type(screen.getByLabelText('Contact'), '0922 111111');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Agent updated successfully')).toBeInTheDocument();
    expect(sent()).toEqual({ contact: '0922 111111' });
    expect(onClose).toHaveBeenCalled();
  });

  it('requires a username and, for a virtual-coin agent, whole coins from 0', async () => {
    const { user, sent } = setup();
    await user.clear(await screen.findByLabelText('Username'));
    const coins = screen.getByLabelText('Virtual coins');
    await user.clear(coins);
    await user.type(coins, '-3');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Username is required');
    expect(coins).toHaveAccessibleDescription('Enter a whole number of coins, 0 or more');

    await user.clear(coins);
    await user.type(coins, '12.5');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(coins).toHaveAttribute('aria-invalid', 'true');
    expect(sent()).toBeUndefined();
  });

  it('sets the coin balance, a new password and the model in one update', async () => {
    const { user, sent } = setup();
    const coins = await screen.findByLabelText('Virtual coins');
    await user.clear(coins);
    await user.type(coins, '0');
    await user.type(screen.getByLabelText('New password'), 'newpass1');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Agent updated successfully');
    // With the balance the form showed: the server refuses it if the coins moved since.
    expect(sent()).toEqual({ password: 'newpass1', virtualCoins: 0, virtualCoinsShown: 1000 });
  });

  it("refuses a new balance when the agent's coins moved since the form opened, and shows the balance now", async () => {
    const agent = makeAgent({ virtualCoins: 1000 });
    const puts: unknown[] = [];
    mockApi({
      'GET /api/super-agents': superAgentsAnswer([]),
      // Meanwhile the agent played: 1,000 became 940.
      'GET /api/users/agents': agentsAnswer([{ ...agent, virtualCoins: 940 }]),
      [`PUT /api/users/agents/${AGENT_ID}`]: ({ body }) => {
        puts.push(body);
        const shown = (body as { virtualCoinsShown?: number }).virtualCoinsShown;
        return shown === 940
          ? json(200, { message: 'ok', agent: { ...agent, virtualCoins: 1200 } })
          : json(409, {
              message:
                'The balance changed to 940 coins since the form showed 1000. Nothing was changed: check the new balance and save again.',
              code: 'CONFLICT',
              field: 'virtualCoins',
              reason: 'BALANCE_CHANGED',
            });
      },
    });
    const onClose = vi.fn();
    renderInApp(<EditAgentDialog agent={agent} onClose={onClose} />);
    const user = userEvent.setup();
    const coins = await screen.findByLabelText('Virtual coins');
    await user.clear(coins);
    await user.type(coins, '1200');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(
      await screen.findByText(
        'The balance changed to 940 coins since the form showed 1000. Nothing was changed: check the new balance and save again.',
      ),
    ).toBeInTheDocument();
    expect(puts).toEqual([{ virtualCoins: 1200, virtualCoinsShown: 1000 }]);
    // The input shows the balance now, and the agents list has it too.
    await waitFor(() => expect(coins).toHaveValue('940'));
    expect(queryClient.getQueryData(agentsQuery().queryKey)?.agents[0]?.virtualCoins).toBe(940);
    expect(onClose).not.toHaveBeenCalled();

    // Saving again starts from the balance shown now.
    await user.clear(coins);
    await user.type(coins, '1200');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Agent updated successfully');
    expect(puts[1]).toEqual({ virtualCoins: 1200, virtualCoinsShown: 940 });
    expect(onClose).toHaveBeenCalled();
  });

  it("changes the agent's minimum commission, and keeps the commission from it", async () => {
    const { user, sent } = setup(makeAgent({ commissionPercentage: 12, minCommissionPercentage: 10 }));
    const minimum = await screen.findByLabelText('Minimum commission (%)');
    expect(minimum).toHaveValue('10');
    await user.clear(minimum);
    await user.type(minimum, '15');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByLabelText('Commission (%)')).toHaveAccessibleDescription(
      'Must be at least the minimum commission of 15%',
    );
    expect(sent()).toBeUndefined();

    const commission = screen.getByLabelText('Commission (%)');
    await user.clear(commission);
    await user.type(commission, '15');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Agent updated successfully');
    expect(sent()).toEqual({ commissionPercentage: 15, minCommissionPercentage: 15 });
  });

  it('refuses a new username with an invisible character', async () => {
    const { user, sent } = setup();
    const username = await screen.findByLabelText('Username');
    await user.type(username, '\u200B');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(username).toHaveAccessibleDescription(
      'Use only visible letters, digits and single spaces, in one alphabet',
    );
    expect(sent()).toBeUndefined();
  });

  it('has no coin balance for a commission-share agent but its system share', async () => {
    const { user, sent } = setup(
      makeAgent({ financialModel: 'commission-share', systemCommissionShare: 16.6667 }),
    );
    expect(await screen.findByLabelText('System share (%)')).toHaveValue('16.6667');
    expect(screen.queryByLabelText('Virtual coins')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('System share (%)'));
    await user.type(screen.getByLabelText('System share (%)'), '120');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByLabelText('System share (%)')).toHaveAccessibleDescription(
      'Enter a percentage from 0 to 100',
    );
    expect(sent()).toBeUndefined();
  });

  it('shows what it sends after the model is switched back and forth (issue 20)', async () => {
    const { user, sent } = setup();
    const coins = await screen.findByLabelText('Virtual coins');
    await user.clear(coins);
    await user.type(coins, '1500');
    await user.click(screen.getByRole('radio', { name: /Commission share/ }));
    const share = screen.getByLabelText('System share (%)');
    expect(share).toHaveValue('20');
    await user.clear(share);
    await user.type(share, '25');
    await user.click(screen.getByRole('radio', { name: /Virtual coins/ }));
    expect(screen.getByLabelText('Virtual coins')).toHaveValue('1500');
    await user.click(screen.getByRole('radio', { name: /Commission share/ }));
    expect(screen.getByLabelText('System share (%)')).toHaveValue('25');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Agent updated successfully');
    expect(sent()).toEqual({ financialModel: 'commission-share', systemCommissionShare: 25 });
  });

  it('sends a new rate with its super agent (a new agreement)', async () => {
    const { user, sent } = setup(UNDER_SUPER);
    const rate = await screen.findByLabelText('Super agent rate (%)');
    await user.clear(rate);
    await user.type(rate, '25');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Agent updated successfully');
    expect(sent()).toEqual({ superAgentId: SUPER_ID, superAgentCommissionRate: 25 });
  });

  it('removes the super agent with null', async () => {
    const { user, sent } = setup(UNDER_SUPER);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Super agent' }), '');
    expect(screen.queryByLabelText('Super agent rate (%)')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Agent updated successfully');
    expect(sent()).toEqual({ superAgentId: null });
  });

  it('shows a taken username under its input', async () => {
    mockApi({
      'GET /api/super-agents': superAgentsAnswer([]),
      [`PUT /api/users/agents/${AGENT_ID}`]: json(409, {
        message: 'Username "agent2" is already taken',
        code: 'CONFLICT',
        field: 'username',
      }),
    });
    renderInApp(<EditAgentDialog agent={makeAgent()} onClose={() => {}} />);
    const user = userEvent.setup();
    const username = await screen.findByLabelText('Username');
    await user.clear(username);
    await user.type(username, 'agent2');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Username "agent2" is already taken')).toBeInTheDocument();
    expect(username).toHaveAttribute('aria-invalid', 'true');
  });
});
