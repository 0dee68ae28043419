// Use cases of the system set (cartelas 1-300) and of the agents' copies. Every card rule is packages/core's:
// validity (the contract checks each card with validateCard), generation, and cardKey for "the same card".
// Two cartelas of one agent never carry the same card, nor do two system cartelas: two players would win
// with one card. The check runs inside the transaction that writes, under a lock (queries.ts).
import type {
  AssignCartelasRequest,
  AssignedCartela,
  AutoAssignRequest,
  BulkUpdatePatternsRequest,
  Cartela,
  UpdateCartelaRequest,
} from '@cartela/contract';
import { type Card, cardKey, generateBalancedSet, generateCartela } from '@cartela/core';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client.js';
import type { CartelaRow, UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { lockUser } from '../users/index.js';
import {
  capitalize,
  cartelaCount,
  cartelasAre,
  cartelasNamed,
  toAssignedCartela,
  toCartela,
} from './present.js';
import {
  type AgentRef,
  countSystemCartelas,
  deleteAgentCartela,
  findAgent,
  findAgentCartelas,
  findSystemCartela,
  findSystemCartelas,
  freeNumbersFor,
  insertAgentCartelas,
  listAgentCartelas,
  listSystemCartelas,
  lockSystemSet,
  type NumberedCard,
  readAgentCards,
  readSystemCards,
  type SystemCartelaPatch,
  updateAgentCard,
  updateSystemCartela,
  updateSystemPatterns,
} from './queries.js';

type CartelaUpdate = z.output<typeof UpdateCartelaRequest>;

const sameCardRisk = 'two players would win with one card';

const agentNotFound = () => new AppError('NOT_FOUND', 'Agent not found');
const systemCartelaNotFound = (n: number) => new AppError('NOT_FOUND', `Cartela ${n} not found`);
const notHeld = (agent: AgentRef, n: number) =>
  new AppError('NOT_FOUND', `${agent.username} does not hold cartela ${n}`);
const alreadyHeld = (agent: AgentRef, numbers: readonly number[]) =>
  new AppError('CONFLICT', `${agent.username} already holds ${cartelasNamed(numbers)}`, {
    field: 'cartelaNumbers',
  });

/** `card`, or a new random card while it is one of `taken`; what is returned is added to `taken`. */
function unlike(card: Card, taken: Set<string>): Card {
  let result = card;
  while (taken.has(cardKey(result))) result = generateCartela();
  taken.add(cardKey(result));
  return result;
}

/** A fresh balanced card for each number, none the same as a card the agent already holds. */
function freshCards(numbers: readonly number[], held: readonly NumberedCard[]): NumberedCard[] {
  const taken = new Set(held.map((h) => cardKey(h.card)));
  return generateBalancedSet(numbers.length).map((card, i) => ({
    cartelaNumber: numbers[i]!,
    card: unlike(card, taken),
  }));
}

/**
 * Copies of the system cards. A copy the agent already has on another cartela is refused, not replaced: the
 * admin asked for the system card, maybe to print it.
 */
function systemCopies(agent: AgentRef, system: readonly CartelaRow[], held: readonly NumberedCard[]) {
  const holderOf = new Map(held.map((h) => [cardKey(h.card), h.cartelaNumber]));
  return system.map(({ cartelaNumber, card }): NumberedCard => {
    const key = cardKey(card);
    const other = holderOf.get(key);
    if (other !== undefined) {
      throw new AppError(
        'CONFLICT',
        `The system card of cartela ${cartelaNumber} is the same as the card of ${agent.username}'s cartela ${other}: ${sameCardRisk}. Edit or regenerate one of them first.`,
        { field: 'cartelaNumbers' },
      );
    }
    holderOf.set(key, cartelaNumber);
    return { cartelaNumber, card };
  });
}

export function createCartelaService({ database }: { database: Database }) {
  const { db } = database;

  /**
   * The agent, locked until the transaction ends. Every write of an agent's cartelas takes this lock first, so
   * two of them cannot both pass a check that only the other would make fail (the cartela is already held, the
   * card is already on another cartela).
   */
  async function requireLockedAgent(tx: Tx, agentId: string): Promise<AgentRef> {
    const agent = await lockUser(tx, agentId, 'agent');
    if (!agent) throw agentNotFound();
    return agent;
  }

  /** Inserts the new cartelas of a locked agent and returns them. */
  async function addToAgent(tx: Tx, agent: AgentRef, cards: readonly NumberedCard[]) {
    const inserted = await insertAgentCartelas(tx, agent.id, cards);
    // Cannot happen while the agent is locked; the unique index (agent, number) is the last line of defence.
    if (inserted.length < cards.length) {
      throw alreadyHeld(
        agent,
        cards.map((c) => c.cartelaNumber).filter((n) => !inserted.includes(n)),
      );
    }
    return findAgentCartelas(tx, agent.id, inserted);
  }

  async function updateSystem(cartelaNumber: number, input: CartelaUpdate): Promise<{ cartela: Cartela }> {
    const patch: SystemCartelaPatch = {};
    if (input.bingoCard !== undefined) patch.card = input.bingoCard;
    if (input.winningPatterns !== undefined) patch.winningPatterns = [...new Set(input.winningPatterns)];
    if (input.isActive !== undefined) patch.isActive = input.isActive;

    const row = await db.transaction(async (tx) => {
      if (!(await findSystemCartela(tx, cartelaNumber))) throw systemCartelaNotFound(cartelaNumber);
      if (patch.card) {
        await lockSystemSet(tx);
        const key = cardKey(patch.card);
        const other = (await readSystemCards(tx)).find(
          (c) => c.cartelaNumber !== cartelaNumber && cardKey(c.card) === key,
        );
        if (other) {
          throw new AppError(
            'CONFLICT',
            `Cartela ${other.cartelaNumber} already has this card: ${sameCardRisk}`,
            { field: 'bingoCard' },
          );
        }
      }
      return updateSystemCartela(tx, cartelaNumber, patch);
    });
    if (!row) throw systemCartelaNotFound(cartelaNumber);
    return { cartela: toCartela(row) };
  }

  /**
   * Replaces the card of one of a locked agent's cartelas with the one `chooseCard` picks, given every card
   * the agent holds (to refuse, or avoid, a card already on another of its cartelas).
   */
  async function replaceAgentCard(
    tx: Tx,
    agent: AgentRef,
    cartelaNumber: number,
    chooseCard: (held: NumberedCard[]) => Card,
  ) {
    const held = await readAgentCards(tx, agent.id);
    if (!held.some((h) => h.cartelaNumber === cartelaNumber)) throw notHeld(agent, cartelaNumber);
    const row = await updateAgentCard(tx, agent.id, cartelaNumber, chooseCard(held));
    if (!row) throw notHeld(agent, cartelaNumber);
    return toAssignedCartela(row);
  }

  return {
    // -- the system set -----------------------------------------------------------------------------------

    async list(): Promise<{ cartelas: Cartela[] }> {
      return { cartelas: (await listSystemCartelas(db)).map(toCartela) };
    },

    async get(cartelaNumber: number): Promise<{ cartela: Cartela }> {
      const row = await findSystemCartela(db, cartelaNumber);
      if (!row) throw systemCartelaNotFound(cartelaNumber);
      return { cartela: toCartela(row) };
    },

    update: updateSystem,

    async bulkUpdatePatterns({
      updates,
    }: z.output<typeof BulkUpdatePatternsRequest>): Promise<{ message: string }> {
      const rows = updates.map((u) => ({
        cartelaNumber: u.cartelaNumber,
        winningPatterns: [...new Set(u.winningPatterns)],
      }));
      await db.transaction(async (tx) => {
        const updated = new Set(await updateSystemPatterns(tx, rows));
        const missing = rows.map((r) => r.cartelaNumber).filter((n) => !updated.has(n));
        // Thrown inside the transaction: the cartelas that do exist are not changed either.
        if (missing.length > 0) {
          throw new AppError('NOT_FOUND', `${capitalize(cartelasNamed(missing))} not found`, {
            field: 'updates',
          });
        }
      });
      return { message: `Winning patterns updated for ${cartelaCount(rows.length)}` };
    },

    /** Cards for the card editor, not saved: distinct and balanced among themselves. */
    generate(count: number): { cards: Card[] } {
      return { cards: generateBalancedSet(count) };
    },

    // -- the agents' copies -------------------------------------------------------------------------------

    async agentCartelas(agentId: string): Promise<{ assignedCartelas: AssignedCartela[] }> {
      if (!(await findAgent(db, agentId))) throw agentNotFound();
      return { assignedCartelas: (await listAgentCartelas(db, agentId)).map(toAssignedCartela) };
    },

    /** The signed-in agent's own cartelas. */
    async myCartelas(agent: UserRow): Promise<{ assignedCartelas: AssignedCartela[] }> {
      return { assignedCartelas: (await listAgentCartelas(db, agent.id)).map(toAssignedCartela) };
    },

    async assign(
      agentId: string,
      { cartelaNumbers, useBalancedCards }: z.output<typeof AssignCartelasRequest>,
    ): Promise<{ message: string; assignedCartelas: AssignedCartela[] }> {
      const numbers = [...cartelaNumbers].sort((a, b) => a - b);
      const added = await db.transaction(async (tx) => {
        const agent = await requireLockedAgent(tx, agentId);
        const system = await findSystemCartelas(tx, numbers);
        const existing = new Set(system.map((c) => c.cartelaNumber));
        const missing = numbers.filter((n) => !existing.has(n));
        if (missing.length > 0) {
          throw new AppError('NOT_FOUND', `${capitalize(cartelasNamed(missing))} not found`, {
            field: 'cartelaNumbers',
          });
        }
        const inactive = system.filter((c) => !c.isActive).map((c) => c.cartelaNumber);
        if (inactive.length > 0) {
          throw new AppError(
            'VALIDATION_FAILED',
            `${cartelasAre(inactive)} inactive and cannot be assigned`,
            { field: 'cartelaNumbers' },
          );
        }
        const held = await readAgentCards(tx, agent.id);
        const heldNumbers = new Set(held.map((h) => h.cartelaNumber));
        const already = numbers.filter((n) => heldNumbers.has(n));
        if (already.length > 0) throw alreadyHeld(agent, already);

        const cards = useBalancedCards ? freshCards(numbers, held) : systemCopies(agent, system, held);
        return addToAgent(tx, agent, cards);
      });
      return {
        message: `Assigned ${cartelaCount(added.length)}`,
        assignedCartelas: added.map(toAssignedCartela),
      };
    },

    async autoAssign(
      agentId: string,
      { count }: z.output<typeof AutoAssignRequest>,
    ): Promise<{ message: string; assignedCartelas: AssignedCartela[] }> {
      const added = await db.transaction(async (tx) => {
        const agent = await requireLockedAgent(tx, agentId);
        const free = await freeNumbersFor(tx, agent.id, count);
        if (free.length === 0) {
          throw new AppError(
            'CONFLICT',
            (await countSystemCartelas(tx)) === 0
              ? 'There are no system cartelas yet: regenerate them in the balance manager first'
              : `${agent.username} already holds every active cartela`,
          );
        }
        return addToAgent(tx, agent, freshCards(free, await readAgentCards(tx, agent.id)));
      });
      const n = added.length;
      return {
        message:
          n < count
            ? `Assigned ${cartelaCount(n)}: only ${n} ${n === 1 ? 'was' : 'were'} free of the ${count} asked for`
            : `Assigned ${cartelaCount(n)}`,
        assignedCartelas: added.map(toAssignedCartela),
      };
    },

    async updateAgentCard(agentId: string, cartelaNumber: number, card: Card) {
      const cartelaAssignment = await db.transaction(async (tx) => {
        const agent = await requireLockedAgent(tx, agentId);
        return replaceAgentCard(tx, agent, cartelaNumber, (held) => {
          const key = cardKey(card);
          const other = held.find((h) => h.cartelaNumber !== cartelaNumber && cardKey(h.card) === key);
          if (other) {
            throw new AppError(
              'CONFLICT',
              `${agent.username}'s cartela ${other.cartelaNumber} already has this card: ${sameCardRisk}`,
              { field: 'bingoCard' },
            );
          }
          return card;
        });
      });
      return { message: `Card of cartela ${cartelaNumber} updated`, cartelaAssignment };
    },

    async generateAgentCard(agentId: string, cartelaNumber: number) {
      const cartelaAssignment = await db.transaction(async (tx) => {
        const agent = await requireLockedAgent(tx, agentId);
        // Unlike every card the agent holds, its current one on this cartela included: a NEW arrangement.
        return replaceAgentCard(tx, agent, cartelaNumber, (held) =>
          unlike(generateCartela(), new Set(held.map((h) => cardKey(h.card)))),
        );
      });
      return { message: `New arrangement generated for cartela ${cartelaNumber}`, cartelaAssignment };
    },

    async removeAgentCartela(agentId: string, cartelaNumber: number): Promise<{ message: string }> {
      const agent = await findAgent(db, agentId);
      if (!agent) throw agentNotFound();
      if (!(await deleteAgentCartela(db, agentId, cartelaNumber))) throw notHeld(agent, cartelaNumber);
      return { message: `Cartela ${cartelaNumber} removed` };
    },
  };
}

export type CartelaService = ReturnType<typeof createCartelaService>;
