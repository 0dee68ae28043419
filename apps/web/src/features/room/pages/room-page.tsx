import { useParams } from 'react-router';
import { useVoiceSetup } from '@/lib/voice/use-voice';
import { RoomScreen } from '../components/room-screen';
import { useRoom } from '../model/use-room';

/**
 * /game/{gameId}: the offline game room. The data layer (useRoom: IndexedDB, the outbox, one caller per game)
 * gives the view and takes the commands; the agent's voice pack starts loading at once (useVoiceSetup), and
 * the room never waits for it.
 */
export function RoomPage() {
  const { gameId = '' } = useParams();
  const controller = useRoom(gameId);
  useVoiceSetup();
  return <RoomScreen controller={controller} />;
}
