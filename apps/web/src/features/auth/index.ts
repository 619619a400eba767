export { meQueryOptions, useLogout } from './api';
export { useSession } from './session/use-session';
export { endSession, onSessionExpired } from './session/session-lifecycle';
export { getRefreshToken, getUser, hasToken, setUser } from './session/session-store';
export { bindSessionToRouter } from './session/session-events';
