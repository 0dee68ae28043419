import type { BalanceStatsResponse } from '@cartela/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { stubLayout } from '@/test/layout';
import type { FetchMock, Routes } from '@/test/utils';
import { adminUser, json, makeUser, openAs, renderInApp, signedIn, slow } from '@/test/utils';
import { BalancePage } from './balance-page';

beforeEach(() => stubLayout());

type Stats = z.infer<typeof BalanceStatsResponse>;

function stats(overrides: Partial<Stats> = {}): Stats {
  return {
    balanceStats: {
      totalCartelas: 300,
      avgBalanceScore: 0.4987,
      minBalanceScore: 0.2917,
      maxBalanceScore: 0.7083,
      stdDevBalanceScore: 0.0731,
    },
    balanceDistribution: [
      { _id: 0, count: 0 },
      { _id: 0.2, count: 31 },
      { _id: 0.4, count: 240 },
      { _id: 0.6, count: 29 },
      { _id: 0.8, count: 0 },
    ],
    patternStats: [
      { _id: 'full-house', count: 300, avgBalanceScore: 0.4987 },
      { _id: 'four-corners', count: 120, avgBalanceScore: 0.51 },
    ],
    numberFrequency: Array.from({ length: 75 }, (_, i) => ({ _id: i + 1, frequency: i < 60 ? 100 : 80 })),
    recommendations: [
      {
        type: 'warning',
        code: 'CARDS_OUTSIDE_BAND',
        message: '60 of 300 cartelas have a balance score outside 0.4-0.6.',
        action: 'rebalance',
      },
      {
        type: 'info',
        code: 'NUMBER_FREQUENCY_SKEWED',
        message:
          '3 number(s) appear far more or less often than expected (7, 8, 9). Regenerate a balanced set.',
        action: 'regenerate',
      },
    ],
    ...overrides,
  };
}

const open = (extra: Routes = {}, admin = adminUser()) =>
  openAs(admin, '/balance', { 'GET /api/balance/stats': json(200, stats()), ...extra });

const calls = (fetchMock: FetchMock, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => url === path && init?.method === 'POST');

describe('balance manager', () => {
  it('shows the five figures, the recommendations with their actions, and the figures of every chart', async () => {
    open();
    const figures = within(await screen.findByRole('region', { name: 'Balance figures' }, slow));
    const figure = (label: string) => figures.getByText(label).nextElementSibling;
    expect(figure('Total cartelas')).toHaveTextContent('300');
    expect(figure('Average score')).toHaveTextContent('0.499');
    expect(figure('Lowest score')).toHaveTextContent('0.292');
    expect(figure('Highest score')).toHaveTextContent('0.708');
    expect(figure('Standard deviation')).toHaveTextContent('0.073');

    expect(screen.getByText('60 of 300 cartelas have a balance score outside 0.4-0.6.')).toBeInTheDocument();
    // The recommendation's action and the form's button.
    expect(screen.getAllByRole('button', { name: 'Rebalance' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Regenerate' })).toBeInTheDocument();

    // Buckets 0.2 wide, each with its count, readable without the chart.
    const distribution = screen.getByRole('table', { name: 'Balance score distribution' });
    expect(
      within(distribution)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Score rangeCartelas', '0.0–0.20', '0.2–0.431', '0.4–0.6240', '0.6–0.829', '0.8–1.00']);
    const patterns = screen.getByRole('table', { name: 'Top 10 winning patterns' });
    expect(within(patterns).getByRole('rowheader', { name: 'Full House' }).closest('tr')).toHaveTextContent(
      'Full House3000.499',
    );
    // The 20 most frequent numbers, with their letter.
    const numbers = screen.getByRole('table', { name: 'Top 20 numbers' });
    expect(within(numbers).getAllByRole('row')).toHaveLength(21);
    expect(within(numbers).getAllByRole('rowheader')[0]).toHaveTextContent('B-1');
    expect(within(numbers).getAllByRole('rowheader')[19]).toHaveTextContent('I-20');
  });

  it('rebalances with target 0.5 and tolerance 0.1 unless chosen otherwise', async () => {
    const fetchMock = open({
      'POST /api/balance/rebalance': json(200, { message: 'Rebalanced 60 cartelas', regenerated: 60 }),
    });
    const user = userEvent.setup();
    const target = await screen.findByRole('combobox', { name: 'Target balance' }, slow);
    const tolerance = screen.getByRole('combobox', { name: 'Tolerance' });
    expect(target).toHaveValue('0.5');
    expect(tolerance).toHaveValue('0.1');
    expect(within(target).getAllByRole('option')).toHaveLength(11);
    expect(
      within(tolerance)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['± 0.05', '± 0.10', '± 0.15', '± 0.20', '± 0.25', '± 0.30']);

    await user.click(screen.getAllByRole('button', { name: 'Rebalance' }).at(-1)!);
    expect(await screen.findByText('Rebalanced: 60 cartelas have a new card.')).toBeInTheDocument();
    expect(JSON.parse(String(calls(fetchMock, '/api/balance/rebalance')[0]![1]!.body))).toEqual({
      targetBalance: 0.5,
      tolerance: 0.1,
    });

    await user.selectOptions(target, '0.6');
    await user.selectOptions(tolerance, '± 0.05');
    await user.click(screen.getAllByRole('button', { name: 'Rebalance' }).at(-1)!);
    await waitFor(() => expect(calls(fetchMock, '/api/balance/rebalance')).toHaveLength(2));
    expect(JSON.parse(String(calls(fetchMock, '/api/balance/rebalance')[1]![1]!.body))).toEqual({
      targetBalance: 0.6,
      tolerance: 0.05,
    });
  });

  it("brings the rebalance form into view from a recommendation's action", async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    open();
    const user = userEvent.setup();
    const target = await screen.findByRole('combobox', { name: 'Target balance' }, slow);
    await user.click(screen.getAllByRole('button', { name: 'Rebalance' })[0]!);
    expect(scrollIntoView).toHaveBeenCalled();
    expect(target).toHaveFocus();
  });

  it("says 'Failed to rebalance cartelas' with the server's reason", async () => {
    open({
      'POST /api/balance/rebalance': json(409, { message: 'A game is running', code: 'CONFLICT' }),
    });
    const user = userEvent.setup();
    await screen.findByRole('combobox', { name: 'Target balance' }, slow);
    await user.click(screen.getAllByRole('button', { name: 'Rebalance' }).at(-1)!);
    expect(await screen.findByText('Failed to rebalance cartelas')).toBeInTheDocument();
    expect(screen.getByText('A game is running')).toBeInTheDocument();
  });

  it('regenerates only after a confirmation that says what is replaced and what is not', async () => {
    const fetchMock = open({
      'POST /api/balance/regenerate': json(200, { message: 'Regenerated 300 cartelas', regenerated: 300 }),
    });
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Regenerate 300 cartelas' }, slow);
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Regenerate all 300 cartelas?' });
    expect(dialog).toHaveAccessibleDescription(
      "The 300 system cartelas are replaced by new cards; their numbers 1-300 stay. Agents' own printed copies are not touched. This cannot be undone.",
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls(fetchMock, '/api/balance/regenerate')).toHaveLength(0);

    // The recommendation's action asks the same question.
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    const again = await screen.findByRole('dialog', { name: 'Regenerate all 300 cartelas?' });
    await user.click(within(again).getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByText('Regenerated: 300 new balanced cartelas.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(JSON.parse(String(calls(fetchMock, '/api/balance/regenerate')[0]![1]!.body))).toEqual({
      preserveCartelaNumbers: true,
    });
  });

  it("keeps the confirmation open and says 'Failed to regenerate cartelas' when it fails", async () => {
    open({ 'POST /api/balance/regenerate': new Response('', { status: 502 }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Regenerate 300 cartelas' }, slow));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByText('Failed to regenerate cartelas')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("shows 'Failed to Load' and the toast with the status when the figures cannot be loaded", async () => {
    open({ 'GET /api/balance/stats': json(404, { message: 'Not found', code: 'NOT_FOUND' }) });
    expect(await screen.findByRole('heading', { name: 'Failed to Load' }, slow)).toBeInTheDocument();
    expect(await screen.findByText('Failed to load balance statistics: 404')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('offers to generate the set when there are no cartelas', async () => {
    open({
      'GET /api/balance/stats': json(
        200,
        stats({
          balanceStats: {
            totalCartelas: 0,
            avgBalanceScore: 0,
            minBalanceScore: 0,
            maxBalanceScore: 0,
            stdDevBalanceScore: 0,
          },
          patternStats: [],
          recommendations: [
            {
              type: 'info',
              code: 'NO_CARTELAS',
              message: 'There are no cartelas yet: generate a balanced set of 300.',
              action: 'regenerate',
            },
          ],
        }),
      ),
    });
    expect(await screen.findByText('No cartelas yet', {}, slow)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Top 20 numbers' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Rebalance' }).at(-1)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Regenerate 300 cartelas' })).toBeEnabled();
  });

  it('shows the recommendations in Amharic by their code', async () => {
    open({}, adminUser({ language: 'am' }));
    expect(
      await screen.findByText('አንዳንድ ካርቴላዎች ከ0.4-0.6 ክልል ውጭ የሆነ የሚዛን ውጤት አላቸው።', {}, slow),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'የካርቴላ ሚዛን አስተዳደር' })).toBeInTheDocument();
  });

  it("shows 'Access Denied' to anyone but the admin who reaches the page", async () => {
    const fetchMock = signedIn(makeUser());
    renderInApp(<BalancePage />);
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/balance/stats')).toBe(false);
  });
});
