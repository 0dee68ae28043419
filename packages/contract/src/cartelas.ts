// Cartelas (issue 7): the system set 1-300, each agent's assigned copies, and the balance manager
// (product/cartelas.md#an-agents-cartelas, product/cartelas.md#balance-manager).
import { CARTELA_MAX, CARTELA_MIN, PATTERN_IDS, validateCard } from '@cartela/core';
import { z } from 'zod';
import { Id, IsoDateTime, MessageResponse, PatternId } from './common.js';
import { defineRoute } from './route.js';

export const CartelaNumber = z
  .number()
  .int('A cartela number is a whole number')
  .min(CARTELA_MIN, `Cartela numbers are ${CARTELA_MIN}-${CARTELA_MAX}`)
  .max(CARTELA_MAX, `Cartela numbers are ${CARTELA_MIN}-${CARTELA_MAX}`);

/** A cartela number in a path: '57'. */
const CartelaNumberParam = z
  .string()
  .regex(/^\d{1,3}$/, 'Not a cartela number')
  .transform(Number)
  .pipe(CartelaNumber);

/**
 * A 5x5 card, rows of columns B I N G O, the free centre 0: valid by core's rule (5 distinct numbers per column
 * from its range), with core's reason naming the cell when not.
 */
export const BingoCard = z
  .array(z.array(z.number().int('Must be a whole number')).length(5, 'A row has 5 numbers'))
  .length(5, 'A card has 5 rows of 5 numbers')
  .superRefine((card, ctx) => {
    const check = validateCard(card);
    // The shape (5 x 5 whole numbers) is reported above, once, under its own path.
    if (!check.ok && check.code !== 'NOT_A_GRID' && check.code !== 'NOT_A_NUMBER') {
      ctx.addIssue({
        code: 'custom',
        message: check.reason,
        ...(check.cell ? { path: [check.cell.row, check.cell.col] } : {}),
      });
    }
  })
  .describe('5 rows of 5 numbers; columns B 1-15, I 16-30, N 31-45, G 46-60, O 61-75; centre 0');

export const Cartela = z
  .object({
    id: Id,
    _id: Id,
    cartelaNumber: z.number().int(),
    bingoCard: z.array(z.array(z.number().int())),
    winningPatterns: z.array(z.string()),
    isActive: z.boolean(),
    createdAt: IsoDateTime,
    balanceScore: z.number().describe('0-1, a fair card sits near 0.5'),
  })
  .meta({ id: 'Cartela' });
export type Cartela = z.infer<typeof Cartela>;

/** A cartela assigned to an agent, with the agent's own copy of the card. */
export const AssignedCartela = z
  .object({
    id: Id,
    _id: Id,
    agentId: Id,
    cartelaNumber: z.number().int(),
    bingoCard: z.array(z.array(z.number().int())),
    isActive: z.boolean(),
    createdAt: IsoDateTime,
  })
  .meta({ id: 'AssignedCartela' });
export type AssignedCartela = z.infer<typeof AssignedCartela>;

export const CartelasResponse = z.object({ cartelas: z.array(Cartela) }).meta({ id: 'CartelasResponse' });
export const CartelaResponse = z.object({ cartela: Cartela }).meta({ id: 'CartelaResponse' });
export const AssignedCartelasResponse = z
  .object({ assignedCartelas: z.array(AssignedCartela) })
  .meta({ id: 'AssignedCartelasResponse' });
export const AssignedCartelaResponse = z
  .object({ message: z.string(), cartelaAssignment: AssignedCartela })
  .meta({ id: 'AssignedCartelaResponse' });

const NumberParams = z.strictObject({ id: CartelaNumberParam });
const AgentParams = z.strictObject({ agentId: z.uuid('Not a valid id') });
const AgentCartelaParams = z.strictObject({ agentId: z.uuid('Not a valid id'), n: CartelaNumberParam });
const Patterns = z.array(PatternId).max(PATTERN_IDS.length);

export const UpdatePatternsRequest = z.strictObject({ winningPatterns: Patterns });
export const BulkUpdatePatternsRequest = z.strictObject({
  updates: z
    .array(z.strictObject({ cartelaNumber: CartelaNumber, winningPatterns: Patterns }))
    .min(1, 'Nothing to update')
    .max(CARTELA_MAX)
    .refine((us) => new Set(us.map((u) => u.cartelaNumber)).size === us.length, 'A cartela is listed twice'),
});
export const UpdateCardRequest = z.strictObject({ bingoCard: BingoCard });
export const UpdateCartelaRequest = z
  .strictObject({
    bingoCard: BingoCard.optional(),
    winningPatterns: Patterns.optional(),
    isActive: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');
export const GenerateCardsRequest = z.strictObject({
  count: z.number().int().min(1).max(CARTELA_MAX).default(1),
});
export const GenerateCardsResponse = z
  .object({ cards: z.array(z.array(z.array(z.number().int()))) })
  .meta({ id: 'GenerateCardsResponse' });

export const AssignCartelasRequest = z.strictObject({
  cartelaNumbers: z
    .array(CartelaNumber)
    .min(1, 'Choose at least one cartela')
    .max(CARTELA_MAX)
    .refine((ns) => new Set(ns).size === ns.length, 'A cartela is listed twice'),
  /** true: a freshly generated balanced card per cartela; false: the system set's card of that number. */
  useBalancedCards: z.boolean().default(true),
});
export const AutoAssignRequest = z.strictObject({
  count: z.number().int().min(1).max(CARTELA_MAX).default(10),
});

export const BalanceStatsResponse = z
  .object({
    balanceStats: z.object({
      totalCartelas: z.number().int(),
      avgBalanceScore: z.number(),
      minBalanceScore: z.number(),
      maxBalanceScore: z.number(),
      stdDevBalanceScore: z.number(),
    }),
    balanceDistribution: z.array(z.object({ _id: z.number(), count: z.number().int() })),
    patternStats: z.array(
      z.object({ _id: z.string(), count: z.number().int(), avgBalanceScore: z.number() }),
    ),
    numberFrequency: z.array(z.object({ _id: z.number().int(), frequency: z.number().int() })),
    recommendations: z.array(
      z.object({
        type: z.enum(['warning', 'info', 'success']),
        code: z.string(),
        message: z.string(),
        action: z.enum(['regenerate', 'rebalance', 'none']),
      }),
    ),
  })
  .meta({ id: 'BalanceStatsResponse' });
export const RebalanceRequest = z.strictObject({
  targetBalance: z.number().min(0, 'Target is 0-1').max(1, 'Target is 0-1').default(0.5),
  tolerance: z.number().min(0.05, 'Tolerance is 0.05-0.3').max(0.3, 'Tolerance is 0.05-0.3').default(0.1),
});
export const RegenerateRequest = z.strictObject({ preserveCartelaNumbers: z.boolean().default(true) });
export const BalanceActionResponse = z
  .object({ message: z.string(), regenerated: z.number().int() })
  .meta({ id: 'BalanceActionResponse' });

const admin = ['admin'] as const;

export const cartelaRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/cartelas',
    summary: 'The system cartelas 1-300',
    access: admin,
    response: CartelasResponse,
  }),
  myCartelas: defineRoute({
    method: 'GET',
    path: '/api/cartelas/my-cartelas',
    summary: "The signed-in agent's assigned cartelas",
    access: ['agent'],
    response: AssignedCartelasResponse,
  }),
  myGameCartelas: defineRoute({
    method: 'GET',
    path: '/api/games/my-cartelas',
    summary: "The signed-in agent's assigned cartelas (the games page's name for the same list)",
    access: ['agent'],
    response: AssignedCartelasResponse,
  }),
  generate: defineRoute({
    method: 'POST',
    path: '/api/cartelas/generate',
    summary: 'Generate valid random cards (not saved): for the card editor',
    access: admin,
    body: GenerateCardsRequest,
    response: GenerateCardsResponse,
  }),
  bulkUpdatePatterns: defineRoute({
    method: 'PUT',
    path: '/api/cartelas/bulk-update-patterns',
    summary: 'Set the winning patterns of many system cartelas at once',
    access: admin,
    body: BulkUpdatePatternsRequest,
    response: MessageResponse,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/cartelas/:id',
    summary: 'One system cartela by number',
    access: admin,
    params: NumberParams,
    response: CartelaResponse,
  }),
  updatePatterns: defineRoute({
    method: 'PUT',
    path: '/api/cartelas/:id/patterns',
    summary: "Set a system cartela's winning patterns",
    access: admin,
    params: NumberParams,
    body: UpdatePatternsRequest,
    response: CartelaResponse,
  }),
  updateCard: defineRoute({
    method: 'PUT',
    path: '/api/cartelas/:id/card',
    summary: "Replace a system cartela's card",
    access: admin,
    params: NumberParams,
    body: UpdateCardRequest,
    response: CartelaResponse,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/cartelas/:id',
    summary: 'Update a system cartela (card, patterns, active)',
    access: admin,
    params: NumberParams,
    body: UpdateCartelaRequest,
    response: CartelaResponse,
  }),
  agentCartelas: defineRoute({
    method: 'GET',
    path: '/api/cartelas/agent/:agentId',
    summary: "An agent's assigned cartelas",
    access: admin,
    params: AgentParams,
    response: AssignedCartelasResponse,
  }),
  assign: defineRoute({
    method: 'POST',
    path: '/api/cartelas/agent/:agentId/assign',
    summary: 'Assign cartelas to an agent, each with its own card',
    access: admin,
    params: AgentParams,
    body: AssignCartelasRequest,
    response: AssignedCartelasResponse.extend({ message: z.string() }),
  }),
  autoAssign: defineRoute({
    method: 'POST',
    path: '/api/cartelas/agent/:agentId/auto-assign',
    summary: 'Assign the next free cartela numbers with balanced cards (10 by default)',
    access: admin,
    params: AgentParams,
    body: AutoAssignRequest,
    response: AssignedCartelasResponse.extend({ message: z.string() }),
  }),
  updateAgentCard: defineRoute({
    method: 'PUT',
    path: '/api/cartelas/agent/:agentId/cartela/:n',
    summary: "Replace the card of one of an agent's cartelas",
    access: admin,
    params: AgentCartelaParams,
    body: UpdateCardRequest,
    response: AssignedCartelaResponse,
  }),
  removeAgentCartela: defineRoute({
    method: 'DELETE',
    path: '/api/cartelas/agent/:agentId/cartela/:n',
    summary: 'Take a cartela back from an agent',
    access: admin,
    params: AgentCartelaParams,
    response: MessageResponse,
  }),
  generateAgentCard: defineRoute({
    method: 'POST',
    path: '/api/cartelas/agent/:agentId/cartela/:n/generate',
    summary: "Give one of an agent's cartelas a new random card",
    access: admin,
    params: AgentCartelaParams,
    response: AssignedCartelaResponse,
  }),
  balanceStats: defineRoute({
    method: 'GET',
    path: '/api/balance/stats',
    summary: 'Balance figures of the system cartelas',
    access: admin,
    response: BalanceStatsResponse,
  }),
  rebalance: defineRoute({
    method: 'POST',
    path: '/api/balance/rebalance',
    summary: 'Regenerate every system card whose balance lies outside target +/- tolerance',
    access: admin,
    body: RebalanceRequest,
    response: BalanceActionResponse,
  }),
  regenerate: defineRoute({
    method: 'POST',
    path: '/api/balance/regenerate',
    summary: 'Replace the system set with a fresh balanced set of 300 cards',
    access: admin,
    body: RegenerateRequest,
    response: BalanceActionResponse,
  }),
} as const;
