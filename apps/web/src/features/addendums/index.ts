// Only what other features need: how the expediente (issue 14) shows a policy's addendums.
export { formatAmount, formatPeriod } from './components/addendum-format';
export { AddendumStatusBadge } from './components/addendum-status-badge';
