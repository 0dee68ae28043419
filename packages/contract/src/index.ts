export * from './auth.js';
export * from './cartelas.js';
export * from './common.js';
export * from './games.js';
export * from './network.js';
export * from './route.js';
export * from './voice-packs.js';
export * from './voices.js';
