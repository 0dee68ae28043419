// A username typed in a form, checked by the contract's rule (Username: NFKC, trimmed, nothing invisible, one
// alphabet; decision 058) with the reason in the user's language: missing, too long, or one that would not look
// like itself. Shared by every form that names an account (agents, super agents).
import { normaliseName, Username } from '@cartela/contract';
import { z } from 'zod';
import { i18n } from '@/i18n';

export const usernameField = z
  .string()
  .overwrite(normaliseName)
  .superRefine((value, ctx) => {
    if (Username.safeParse(value).success) return;
    const key =
      value === ''
        ? 'common.username.required'
        : value.length > 64
          ? 'common.username.tooLong'
          : 'common.username.invalid';
    ctx.addIssue({ code: 'custom', message: i18n.t(key) });
  });
