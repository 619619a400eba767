export type { PurposeViewProps } from './purpose-views';
