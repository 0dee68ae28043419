import 'i18next';
import type businessDate from '../components/business-date/i18n/en.json';
import type agents from '../features/agents/i18n/en.json';
import type balance from '../features/balance/i18n/en.json';
import type coins from '../features/coins/i18n/en.json';
import type commission from '../features/commission/i18n/en.json';
import type dashboard from '../features/dashboard/i18n/en.json';
import type games from '../features/games/i18n/en.json';
import type reports from '../features/reports/i18n/en.json';
import type roomDisplay from '../features/room/display/i18n/en.json';
import type room from '../features/room/i18n/en.json';
import type settings from '../features/settings/i18n/en.json';
import type superAgentDashboard from '../features/super-agent-dashboard/i18n/en.json';
import type superAgents from '../features/super-agents/i18n/en.json';
import type voice from '../voice/components/i18n/en.json';
import type voiceChoice from '../voice/pages/choice/i18n/en.json';
import type voicePacks from '../voice/pages/packs/i18n/en.json';
import type en from './en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // The entry's texts plus every feature's (features/<name>/i18n/en.json, merged under its key) and the shared
    // components' own (components/business-date/i18n/en.json under 'businessDate') and voice's (src/voice/: its
    // components' under 'voice', its screens' under 'voiceChoice' and 'voicePacks').
    resources: {
      translation: typeof en & {
        agents: typeof agents;
        balance: typeof balance;
        businessDate: typeof businessDate;
        coins: typeof coins;
        commission: typeof commission;
        dashboard: typeof dashboard;
        games: typeof games;
        reports: typeof reports;
        roomDisplay: typeof roomDisplay;
        settings: typeof settings;
        room: typeof room;
        superAgentDashboard: typeof superAgentDashboard;
        superAgents: typeof superAgents;
        voice: typeof voice;
        voiceChoice: typeof voiceChoice;
        voicePacks: typeof voicePacks;
      };
    };
  }
}
