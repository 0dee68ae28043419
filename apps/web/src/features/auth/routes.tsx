import { lazyPage, type PageEntry } from '@/lib/pages';
import { paths } from '@/lib/paths';

const LoginPage = lazyPage(() => import('./pages/login-page'), 'LoginPage');

export const pages: PageEntry[] = [
  { path: paths.login, access: 'public', signIn: true, page: LoginPage },
  // The guard's target for super-agent pages; its own content is never shown (product/screens.md#sign-in): it is
  // the unified sign-in screen, which sends a signed-in user on to their home page.
  { path: paths.superAgentLogin, access: 'public', signIn: true, page: LoginPage },
];
