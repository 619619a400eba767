/** What other features use of the asesores (issue 34): the policy form's picker. */
export { BrokerPicker } from './components/broker-picker';
