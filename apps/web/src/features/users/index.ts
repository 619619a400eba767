export { usersQueryOptions, useUsers } from './api';
