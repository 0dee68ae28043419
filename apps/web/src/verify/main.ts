// The public /verify page's entry (decision 074): its own Vite input (verify.html), sharing nothing with the
// app's entry. /verify asks for a game id; /verify/<game id> shows the game and checks its draw here.
import './verify.css';
import { chooseLanguage, type Language } from './i18n';
import { gameIdOf, loadGame } from './load';
import { type PageState, renderPage } from './page';

/** A running game is read again this often (its answer is cached 5 s by the server). */
const RUNNING_REFRESH_MS = 10_000;

const root = document.getElementById('verify')!;
function savedLanguage(): string | null {
  try {
    return localStorage.getItem('language');
  } catch {
    return null;
  }
}

let language: Language = chooseLanguage(
  location.search,
  navigator.languages ?? [navigator.language],
  savedLanguage(),
);
let state: PageState = { kind: 'ask' };
let timer: ReturnType<typeof setTimeout> | undefined;

function draw(): void {
  renderPage(root, state, {
    language,
    setLanguage(next) {
      language = next;
      const url = new URL(location.href);
      url.searchParams.set('lang', next);
      history.replaceState(null, '', url);
      draw();
    },
    open(id) {
      const url = new URL(location.href);
      url.pathname = `/verify/${encodeURIComponent(id.trim().toUpperCase())}`;
      history.pushState(null, '', url);
      void show();
    },
    reload: () => void show(),
  });
}

async function show(): Promise<void> {
  clearTimeout(timer);
  const id = gameIdOf(location.pathname);
  if (id === null) {
    state = { kind: 'ask' };
    draw();
    return;
  }
  // A reload of the game on screen keeps it there while it loads.
  if (!(state.kind === 'game' && state.game.gameId === id)) {
    state = { kind: 'loading', id };
    draw();
  }
  state = await loadGame(id);
  draw();
  const running = state.kind === 'game' && (state.game.status === 'active' || state.game.status === 'paused');
  if (running) timer = setTimeout(() => void show(), RUNNING_REFRESH_MS);
}

addEventListener('popstate', () => void show());
void show();
