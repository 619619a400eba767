/** The files module's public face: the sweep of stored files no row names (run by sweep-main.ts). */
export { sweepUnreferencedFiles } from './sweep';
