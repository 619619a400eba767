export { LeadWhatsappButton } from './components/lead-whatsapp-button';
