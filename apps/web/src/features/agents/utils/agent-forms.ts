import { CreateAgentRequest, Percent, UpdateAgentRequest } from '@cartela/contract';
import { z } from 'zod';

const create = CreateAgentRequest.shape;
const update = UpdateAgentRequest.shape;

/** A number input the form may leave empty (NaN) while it is hidden: checked only when it is shown. */
const hiddenNumber = z.number().or(z.nan());

/** Which inputs are on screen, so a hidden one (the share of a virtual-coin agent) never blocks the form. */
function checkShown(
  values: {
    financialModel: string;
    superAgentId: string;
    systemCommissionShare: number;
    superAgentCommissionRate: number;
  },
  ctx: z.RefinementCtx,
) {
  const rules: [boolean, 'systemCommissionShare' | 'superAgentCommissionRate'][] = [
    [values.financialModel === 'commission-share', 'systemCommissionShare'],
    [values.superAgentId !== '', 'superAgentCommissionRate'],
  ];
  for (const [shown, field] of rules) {
    const check = Percent.safeParse(values[field]);
    if (shown && !check.success) {
      ctx.addIssue({ code: 'custom', path: [field], message: check.error.issues[0]!.message });
    }
  }
}

/**
 * The Create Agent dialog's values: the contract's own field rules (CreateAgentRequest), with contact and the
 * super agent held as text ('' = none) and the two conditional rates checked only when they are shown.
 * Every pattern may not be left out: an agent without a pattern could not start a game.
 */
export const CreateAgentForm = z
  .object({
    username: create.username,
    password: create.password,
    contact: create.contact.unwrap().unwrap(),
    financialModel: create.financialModel.unwrap(),
    commissionPercentage: create.commissionPercentage.unwrap(),
    systemCommissionShare: hiddenNumber,
    winningPatterns: create.winningPatterns.unwrap().min(1),
    superAgentId: z.string(),
    superAgentCommissionRate: hiddenNumber,
  })
  .superRefine(checkShown);
export type CreateAgentValues = z.input<typeof CreateAgentForm>;

/** The fields of the dialog's first step (Basic Info); the rest is the second (Super Agent Assignment). */
export const BASIC_INFO_FIELDS = [
  'username',
  'password',
  'contact',
  'financialModel',
  'commissionPercentage',
  'systemCommissionShare',
  'winningPatterns',
] as const satisfies readonly (keyof CreateAgentValues)[];

/** Edit Agent: a blank password keeps the current one; virtual coins (whole, >= 0) for virtual-coin agents. */
export const EditAgentForm = z
  .object({
    username: update.username.unwrap(),
    password: update.password.unwrap(),
    contact: update.contact.unwrap().unwrap(),
    financialModel: update.financialModel.unwrap(),
    commissionPercentage: update.commissionPercentage.unwrap(),
    systemCommissionShare: hiddenNumber,
    virtualCoins: hiddenNumber,
    winningPatterns: update.winningPatterns.unwrap().min(1),
    superAgentId: z.string(),
    superAgentCommissionRate: hiddenNumber,
  })
  .superRefine((values, ctx) => {
    checkShown(values, ctx);
    const coins = update.virtualCoins.unwrap().safeParse(values.virtualCoins);
    if (values.financialModel === 'virtual-coin' && !coins.success) {
      ctx.addIssue({ code: 'custom', path: ['virtualCoins'], message: coins.error.issues[0]!.message });
    }
  });
export type EditAgentValues = z.input<typeof EditAgentForm>;
export type EditAgentOutput = z.output<typeof EditAgentForm>;
