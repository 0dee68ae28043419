// The room's event log, POST /api/games/{id}/events: a batch of the room's events (each with its seq and the
// room's time) through the one action path (act.ts runActions). Replays of events already in the log answer as
// the first time; a gap or a contradiction is refused naming its seq; nothing of a refused batch is written.
// docs/decisions/045-games-server.md, 050-offline-room-data.md
import type { GameEvent, GameEventsResponse } from '@cartela/contract';
import type { UserRow } from '../../db/schema.js';
import { isAppError } from '../../errors.js';
import { runActions } from './act.js';
import type { GamesContext, Out } from './context.js';
import type { Plan } from './plan.js';
import { toRoomState } from './present.js';

export async function applyEvents(
  ctx: GamesContext,
  agent: UserRow,
  id: string,
  events: readonly GameEvent[],
): Promise<Out<typeof GameEventsResponse>> {
  const { metrics } = ctx;
  let plan: Plan;
  try {
    ({ plan } = await runActions(ctx, agent, id, { withCards: true, batch: true, events: () => events }));
  } catch (err) {
    // Refused: the game's rules or its log said no (409), or it is not this agent's game (404). A failure of
    // the server itself is no verdict on the batch: it shows as a 5xx in the request metrics.
    if (isAppError(err)) metrics.eventBatch('refused');
    throw err;
  }
  metrics.eventBatch(plan.applied > 0 ? 'applied' : 'replayed');
  return { lastSeq: plan.lastSeq, applied: plan.applied, state: toRoomState(plan.state) };
}
