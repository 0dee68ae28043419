import { useParams } from 'react-router';
import { useVoiceSetup } from '@/lib/voice/use-voice';
import { RoomScreen } from '../components/room-screen';
import { useRoom } from '../model/use-room';

/**
 * /game/{gameId}: the offline game room. The data layer (useRoom: IndexedDB, the outbox, one caller per game)
 * gives the view and takes the commands; the agent's voice pack starts loading as soon as the game is shown
 * (useVoiceSetup), and the room never waits for it.
 */
export function RoomPage() {
  const { gameId = '' } = useParams();
  const controller = useRoom(gameId);
  // The voices load once the board is up: reading and decoding a whole pack must not delay the game's own
  // state from IndexedDB after a reload (bench/room.mjs).
  useVoiceSetup(controller.view.status !== 'loading');
  return <RoomScreen controller={controller} />;
}
