export { fetchMe, meQueryOptions, useLogin, useLogout, useMe } from './api';
export { useSession } from './session';
