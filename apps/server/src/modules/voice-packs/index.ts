// Custom voice packs (issue 9): the admin uploads a hall's own caller as a zip, offers it to all agents or to
// chosen ones; an agent picks its pack; the files are served from the database by every instance.
// docs/decisions/049-custom-voice-packs.md
import { defineModule } from '../../module.js';
import { registerVoicePackRoutes } from './routes.js';
import { createVoicePacksService } from './service.js';

export const voicePacksModule = defineModule({
  name: 'voice-packs',
  async register(app, { database }) {
    await registerVoicePackRoutes(app, createVoicePacksService({ database }));
  },
});
