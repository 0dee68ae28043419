// Rows as the API shows them (the contract's Cartela and AssignedCartela), and the sentences of the answers.
import type { AssignedCartela, Cartela } from '@cartela/contract';
import { balanceScore } from '@cartela/core';
import type { AgentCartelaRow, CartelaRow } from '../../db/schema.js';

export function toCartela(row: CartelaRow): Cartela {
  return {
    id: row.id,
    _id: row.id,
    cartelaNumber: row.cartelaNumber,
    bingoCard: row.card,
    winningPatterns: row.winningPatterns,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    balanceScore: balanceScore(row.card),
  };
}

export function toAssignedCartela(row: AgentCartelaRow): AssignedCartela {
  return {
    id: row.id,
    _id: row.id,
    agentId: row.agentId,
    cartelaNumber: row.cartelaNumber,
    bingoCard: row.card,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

/** 'cartela 5' or 'cartelas 5, 6 and 7' (at most ten numbers named, then how many more). */
export function cartelasNamed(numbers: readonly number[]): string {
  const sorted = [...numbers].sort((a, b) => a - b);
  if (sorted.length === 1) return `cartela ${sorted[0]}`;
  const shown = sorted.slice(0, 10);
  const more = sorted.length - shown.length;
  const list =
    more > 0
      ? `${shown.join(', ')} and ${more} more`
      : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
  return `cartelas ${list}`;
}

/** '1 cartela', '20 cartelas'. */
export const cartelaCount = (n: number) => `${n} ${n === 1 ? 'cartela' : 'cartelas'}`;

/** The first letter in upper case: for a sentence that starts with cartelasNamed(...). */
export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** 'Cartela 5 is', 'Cartelas 5 and 6 are': a sentence about them starts so. */
export const cartelasAre = (numbers: readonly number[]) =>
  `${capitalize(cartelasNamed(numbers))} ${numbers.length === 1 ? 'is' : 'are'}`;
