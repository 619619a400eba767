/** ARCO requests (issue 19, LFPDPPP): find a person's records, export them, anonymise them. */
export { arcoRoutes } from './routes';
