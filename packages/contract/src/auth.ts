import { z } from 'zod';
import {
  Etb,
  FinancialModel,
  Id,
  IsoDateTime,
  Language,
  MessageResponse,
  normaliseName,
  PatternId,
  Percent,
  Role,
  text,
} from './common.js';
import { Contact } from './fields.js';
import { defineRoute } from './route.js';

/**
 * The signed-in user, as the session keeps it (product/roles.md#sessions).
 * Agent-only fields are null for admins and super agents; super-agent-only fields are null for the others.
 */
export const SessionUser = z
  .object({
    id: Id,
    _id: Id.describe('Same as id (the spec names both)'),
    username: z.string(),
    role: Role,
    isActive: z.boolean(),
    language: Language,
    contact: z.string().nullable(),
    createdAt: IsoDateTime,
    financialModel: FinancialModel.nullable().describe('Agents only'),
    virtualCoins: z.number().int().describe('Whole coins; 0 for non-agents'),
    commissionPercentage: Percent.nullable().describe('Agents only: the house cut of each game'),
    minCommissionPercentage: Percent.nullable()
      // A user stored by an earlier version of the app (read while offline) has none: it is not a reason to
      // sign the agent out.
      .default(null)
      .describe('Agents only: the lowest commissionPercentage the agent may choose (set by the admin)'),
    systemCommissionShare: Percent.nullable().describe('Commission-share agents: the admin share of fees'),
    totalEarnings: Etb,
    lastPaymentDate: IsoDateTime.nullable(),
    platformCommissionRate: Percent.nullable().describe('Super agents only'),
    winningPatterns: z
      .array(PatternId)
      .nullable()
      .describe('Agents only: the patterns the admin enabled for its games (the wizard offers these)'),
    // The web shows every day in it (decision 065). Optional only for a user stored by an earlier version (read
    // offline): the server always sends it.
    businessTimeZone: z.string().optional().describe("The server's business time zone"),
    mustChangePassword: z
      .boolean()
      .describe(
        'The account still has its published demo password: it must choose its own before anything else',
      ),
  })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof SessionUser>;

export const LoginRequest = z
  .strictObject({
    // Normalised as every name is (decision 058): 'ａｇｅｎｔ１' signs in as agent1. Not refused here: a name
    // that could not be made today finds no account, and the answer stays 'Invalid credentials'.
    username: text().overwrite(normaliseName).min(1, 'Username is required').max(64),
    password: text().min(1, 'Password is required').max(256),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.infer<typeof LoginRequest>;

export const LoginResponse = z.object({ token: z.string(), user: SessionUser }).meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const SuperAgentLoginResponse = z
  .object({ token: z.string(), superAgent: SessionUser })
  .meta({ id: 'SuperAgentLoginResponse' });
export type SuperAgentLoginResponse = z.infer<typeof SuperAgentLoginResponse>;

export const MeResponse = z.object({ user: SessionUser }).meta({ id: 'MeResponse' });
export type MeResponse = z.infer<typeof MeResponse>;

export const SuperAgentProfileResponse = z
  .object({ superAgent: SessionUser })
  .meta({ id: 'SuperAgentProfileResponse' });
export type SuperAgentProfileResponse = z.infer<typeof SuperAgentProfileResponse>;

export const PASSWORD_MIN_LENGTH = 6;
/** A new password: any account's, set by the admin or by the account itself. */
export const NewPassword = text()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(256);

export const ProfileUpdateRequest = z
  .strictObject({
    language: Language.optional(),
    contact: Contact.optional(),
    commissionPercentage: Percent.optional().describe('Agents only'),
    currentPassword: text().min(1).max(256).optional(),
    newPassword: NewPassword.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update')
  .refine((v) => v.newPassword === undefined || v.currentPassword !== undefined, {
    message: 'Current password is required to set a new password',
    path: ['currentPassword'],
  })
  .meta({ id: 'ProfileUpdateRequest' });
export type ProfileUpdateRequest = z.infer<typeof ProfileUpdateRequest>;

export const ProfileUpdateResponse = z
  .object({
    message: z.string(),
    user: SessionUser,
    token: z.string().optional().describe('New token after a password change'),
  })
  .meta({ id: 'ProfileUpdateResponse' });
export type ProfileUpdateResponse = z.infer<typeof ProfileUpdateResponse>;

export const authRoutes = {
  login: defineRoute({
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Sign in as admin or agent',
    access: 'public',
    body: LoginRequest,
    response: LoginResponse,
  }),
  superAgentLogin: defineRoute({
    method: 'POST',
    path: '/api/super-agents/login',
    summary: 'Sign in as a super agent',
    access: 'public',
    body: LoginRequest,
    response: SuperAgentLoginResponse,
  }),
  me: defineRoute({
    method: 'GET',
    path: '/api/auth/me',
    summary: 'The current user',
    access: 'authenticated',
    beforePasswordChange: true,
    response: MeResponse,
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/auth/logout',
    summary: 'Sign out: this session token stops working at once, on every server instance',
    access: 'authenticated',
    beforePasswordChange: true,
    response: MessageResponse,
  }),
  superAgentProfile: defineRoute({
    method: 'GET',
    path: '/api/super-agents/profile',
    summary: "The signed-in super agent's profile",
    access: ['super-agent'],
    beforePasswordChange: true,
    response: SuperAgentProfileResponse,
  }),
  updateProfile: defineRoute({
    method: 'PUT',
    path: '/api/auth/profile',
    summary: 'Update language, contact, password or commission percentage',
    access: 'authenticated',
    beforePasswordChange: true,
    body: ProfileUpdateRequest,
    response: ProfileUpdateResponse,
  }),
} as const;
