// Only what other features need: how to send the user to the investigation screens. The pages
// are loaded by the router on their own (each its own chunk).
export { investigationResultsLink, uploadDocumentsLink } from './components/investigation-nav-state';
