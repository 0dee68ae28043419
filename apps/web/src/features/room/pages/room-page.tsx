import { Navigate, useParams } from 'react-router';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { useVoiceSetup } from '@/voice/use-voice';
import { RoomScreen } from '../components/room-screen';
import { useRoom } from '../model/use-room';

/**
 * /game/{gameId}: the offline game room. The data layer (useRoom: IndexedDB, the outbox, one caller per game)
 * gives the view and takes the commands; the agent's voice pack starts loading as soon as the game is shown
 * (useVoiceSetup), and the room never waits for it.
 */
export function RoomPage() {
  const { gameId = '' } = useParams();
  const { user } = useSession();
  // Only the agent runs a game (its GET /state is the agent's): anyone else sees the game read-only, in its
  // history, rather than a permission error (issue 19).
  if (user && user.role !== 'agent') return <Navigate to={paths.gameHistory(gameId)} replace />;
  return <AgentRoom gameId={gameId} />;
}

function AgentRoom({ gameId }: { gameId: string }) {
  const controller = useRoom(gameId);
  // The voices load once the board is up: reading and decoding a whole pack must not delay the game's own
  // state from IndexedDB after a reload (bench/room.mjs).
  useVoiceSetup(controller.view.status !== 'loading');
  return <RoomScreen controller={controller} />;
}
