// Only what other features need: how to send the user to the investigation screens, and the
// documents with their cards for the expediente (issue 14). The pages are loaded by the router on
// their own (each its own chunk).
export { useInvestigationDocuments } from './api';
export { DocumentCard } from './components/document-card';
export { investigationResultsLink, uploadDocumentsLink } from './components/investigation-nav-state';
