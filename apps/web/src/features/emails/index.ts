export { EmailsPage } from './pages/emails-page';
