// The system cartelas and each agent's copies.
import { sql } from 'drizzle-orm';
import { boolean, check, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { type CardGrid, createdAt, id, updatedAt } from '../../db/columns.js';
import { userRef } from '../users/schema.js';

/** The system set of cartelas: numbers 1-300, each with its card and the patterns it can win with. */
export const cartelas = pgTable(
  'cartelas',
  {
    id: id(),
    // A unique constraint (not only an index): agent_cartelas references it.
    cartelaNumber: smallint('cartela_number').notNull().unique('cartelas_cartela_number_key'),
    card: jsonb('card').$type<CardGrid>().notNull(),
    winningPatterns: text('winning_patterns').array().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('cartelas_cartela_number_check', sql`${t.cartelaNumber} BETWEEN 1 AND 300`),
    check(
      'cartelas_card_check',
      sql`jsonb_typeof(${t.card}) = 'array' AND jsonb_array_length(${t.card}) = 5`,
    ),
  ],
);
export type CartelaRow = typeof cartelas.$inferSelect;

/** The cartelas assigned to an agent, each with the agent's own copy of the card (editable later). */
export const agentCartelas = pgTable(
  'agent_cartelas',
  {
    id: id(),
    agentId: userRef('agent_id', 'cascade'),
    cartelaNumber: smallint('cartela_number')
      .notNull()
      .references(() => cartelas.cartelaNumber, { onDelete: 'restrict' }),
    card: jsonb('card').$type<CardGrid>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('agent_cartelas_agent_number_key').on(t.agentId, t.cartelaNumber),
    check('agent_cartelas_cartela_number_check', sql`${t.cartelaNumber} BETWEEN 1 AND 300`),
    check(
      'agent_cartelas_card_check',
      sql`jsonb_typeof(${t.card}) = 'array' AND jsonb_array_length(${t.card}) = 5`,
    ),
  ],
);
export type AgentCartelaRow = typeof agentCartelas.$inferSelect;
