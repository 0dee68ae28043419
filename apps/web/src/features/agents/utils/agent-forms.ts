import { belowMinimum, CreateAgentRequest, Percent, UpdateAgentRequest } from '@cartela/contract';
import { z } from 'zod';
import { i18n } from '@/i18n';
import { usernameField } from '@/lib/username-field';

const create = CreateAgentRequest.shape;
const update = UpdateAgentRequest.shape;

/**
 * A number input the form may leave empty (NaN), checked by the form's own rules below (a hidden one only when
 * it is shown).
 */
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
 * The agent's commission and its minimum: each a percentage (the contract's Percent), the commission not below
 * the minimum (the contract's rule, with the message naming the minimum).
 */
function checkCommission(
  values: { commissionPercentage: number; minCommissionPercentage: number },
  ctx: z.RefinementCtx,
) {
  for (const field of ['commissionPercentage', 'minCommissionPercentage'] as const) {
    if (!Percent.safeParse(values[field]).success) {
      ctx.addIssue({ code: 'custom', path: [field], message: i18n.t('agents.form.percentInvalid') });
    }
  }
  if (belowMinimum(values.commissionPercentage, values.minCommissionPercentage)) {
    ctx.addIssue({
      code: 'custom',
      path: ['commissionPercentage'],
      message: i18n.t('agents.form.belowMinimum', { min: values.minCommissionPercentage }),
    });
  }
}

/**
 * The Create Agent dialog's values: the contract's own field rules (CreateAgentRequest), with contact and the
 * super agent held as text ('' = none) and the two conditional rates checked only when they are shown.
 * Every pattern may not be left out: an agent without a pattern could not start a game.
 */
export const CreateAgentForm = z
  .object({
    username: usernameField,
    password: create.password,
    contact: create.contact.unwrap().unwrap(),
    financialModel: create.financialModel.unwrap(),
    commissionPercentage: hiddenNumber,
    minCommissionPercentage: hiddenNumber,
    systemCommissionShare: hiddenNumber,
    winningPatterns: create.winningPatterns.unwrap().min(1),
    superAgentId: z.string(),
    superAgentCommissionRate: hiddenNumber,
  })
  .superRefine((values, ctx) => {
    checkCommission(values, ctx);
    checkShown(values, ctx);
  });
export type CreateAgentValues = z.input<typeof CreateAgentForm>;

/** The fields of the dialog's first step (Basic Info); the rest is the second (Super Agent Assignment). */
export const BASIC_INFO_FIELDS = [
  'username',
  'password',
  'contact',
  'financialModel',
  'commissionPercentage',
  'minCommissionPercentage',
  'systemCommissionShare',
  'winningPatterns',
] as const satisfies readonly (keyof CreateAgentValues)[];

/** Edit Agent: a blank password keeps the current one; virtual coins (whole, >= 0) for virtual-coin agents. */
export const EditAgentForm = z
  .object({
    username: usernameField,
    password: update.password.unwrap(),
    contact: update.contact.unwrap().unwrap(),
    financialModel: update.financialModel.unwrap(),
    commissionPercentage: hiddenNumber,
    minCommissionPercentage: hiddenNumber,
    systemCommissionShare: hiddenNumber,
    virtualCoins: hiddenNumber,
    winningPatterns: update.winningPatterns.unwrap().min(1),
    superAgentId: z.string(),
    superAgentCommissionRate: hiddenNumber,
  })
  .superRefine((values, ctx) => {
    checkCommission(values, ctx);
    checkShown(values, ctx);
    const coins = update.virtualCoins.unwrap().safeParse(values.virtualCoins);
    if (values.financialModel === 'virtual-coin' && !coins.success) {
      ctx.addIssue({ code: 'custom', path: ['virtualCoins'], message: coins.error.issues[0]!.message });
    }
  });
export type EditAgentOutput = z.output<typeof EditAgentForm>;
