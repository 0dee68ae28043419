import { describe, expect, it } from 'vitest';
import { applyLanguage } from '@/i18n';
import { ApiError } from './api';
import { errorText } from './errors';

describe('errorText', () => {
  it("shows the server's message in English", () => {
    const error = new ApiError(
      401,
      'ACCOUNT_INACTIVE',
      'Account is deactivated. Please contact the administrator.',
    );
    expect(errorText(error, 'Login failed')).toBe(
      'Account is deactivated. Please contact the administrator.',
    );
  });

  it('drops the field name the server puts before a validation message', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'currentPassword: Current password is incorrect');
    expect(errorText(error, 'Update failed')).toBe('Current password is incorrect');
  });

  it('translates a known code in Amharic, and keeps an unknown one as the server said it', async () => {
    await applyLanguage('am');
    expect(errorText(new ApiError(429, 'RATE_LIMITED', 'Too many login attempts.'), 'x')).toBe(
      'በጣም ብዙ ሙከራዎች ተደርገዋል። ትንሽ ቆይተው እንደገና ይሞክሩ።',
    );
    expect(errorText(new ApiError(409, 'CONFLICT', 'Username already exists'), 'x')).toBe(
      'Username already exists',
    );
  });

  it('keeps which cartela or record a validation or a not-found was about, after its Amharic kind', async () => {
    await applyLanguage('am');
    const invalid = new ApiError(
      400,
      'VALIDATION_FAILED',
      'cartelaNumbers: Cartela 7 is not assigned to you. Please select from your assigned cartelas.',
    );
    expect(errorText(invalid, 'x')).toBe(
      'ያስገቡት መረጃ በከፊል ትክክል አይደለም። (Cartela 7 is not assigned to you. Please select from your assigned cartelas.)',
    );
    expect(errorText(new ApiError(404, 'NOT_FOUND', 'Game not found'), 'x')).toBe('አልተገኘም። (Game not found)');
    // A reason the server gives, when translated, is the most precise text.
    const wrong = new ApiError(
      400,
      'VALIDATION_FAILED',
      'currentPassword: Current password is incorrect',
      'currentPassword',
      { reason: 'WRONG_PASSWORD' },
    );
    expect(errorText(wrong, 'x')).toBe('የአሁኑ የይለፍ ቃል ትክክል አይደለም');
    await applyLanguage('en');
    expect(errorText(wrong, 'x')).toBe('Current password is incorrect');
    await applyLanguage('am');
    // A translation that says it all stands alone.
    expect(errorText(new ApiError(402, 'INSUFFICIENT_COINS', 'Insufficient virtual coins'), 'x')).toBe(
      'በቂ ምናባዊ ሳንቲም የለም',
    );
  });

  it('falls back when there is nothing to show', () => {
    expect(errorText(new ApiError(502, 'HTTP_502', ''), 'Update failed')).toBe('Update failed');
    expect(errorText(new TypeError('boom'), 'Login failed. Please try again.')).toBe(
      'Login failed. Please try again.',
    );
  });

  it('explains a network failure', () => {
    expect(errorText(new ApiError(0, 'NETWORK', ''), 'Login failed')).toBe(
      'Cannot reach the server. Check your connection and try again.',
    );
  });
});
