import { z } from 'zod';

// zod's own messages (wrong type, malformed JSON shapes…) in Spanish, for the forms and the API.
z.config(z.locales.es());
