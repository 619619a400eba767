/** Loaded on first use only, through `loadAuthEndpoints` (load-auth-endpoints.ts says why). */
export { authEndpoints } from '@portal/domain';
