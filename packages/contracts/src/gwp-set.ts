import { z } from './zod.ts';

/** The IPCC assessment reports whose GWP values the engine weights gases by (decision 020). */
export const gwpSetIdSchema = z.enum(['AR4', 'AR5', 'AR6']);
