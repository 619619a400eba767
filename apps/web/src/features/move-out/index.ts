// Issue 32: the acta de entrega-recepción, as the expediente shows it.
export { MoveOutSection } from './components/move-out-section';
