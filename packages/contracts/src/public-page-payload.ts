import { z } from './zod.ts';
import { DEFAULT_LOGIN_BACKGROUND_POSITION } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import type { PAYLOAD_PATHS } from './routes.ts';
import { storedThemeSchema } from './theme.ts';
import { realmKeySchema } from './validation.ts';

/**
 * What the public pages (/about, /login) need before sign-in, for the request host's realm. The server answers
 * it at `{path}/_payload.json` and inlines the same JSON into those pages' HTML, so they paint before the
 * bundle's own calls return.
 */
export const publicPagePayloadSchema = z.object({
  realm: z.object({ key: realmKeySchema, name: z.string().min(1) }),
  logo: z.string().nullable(),
  /** The application's selected theme, colours stored as {space, coords, alpha}. */
  theme: storedThemeSchema.nullable(),
  login: z.object({
    logo: z.string().nullable(),
    background: z.string().nullable(),
    backgroundPosition: z.string().default(DEFAULT_LOGIN_BACKGROUND_POSITION),
  }),
  /** Active sign-in strategies, without their endpoints or secrets. */
  strategies: z.array(z.object({ id: z.string().min(1), name: z.string().min(1) })),
});
export type PublicPagePayload = z.infer<typeof publicPagePayloadSchema>;

/** Id of the `<script type="application/json">` element that carries the inlined payload. */
export const PUBLIC_PAGE_PAYLOAD_ELEMENT_ID = '__ECC_PAYLOAD__';

export type PayloadPath = (typeof PAYLOAD_PATHS)[number];

/** The payload of each public page, by the page's path: `/login` → `/login/_payload.json`. */
export const publicPagePayloadEndpoints = {
  '/about': defineEndpoint({
    method: 'GET',
    path: '/about/_payload.json',
    responses: { 200: publicPagePayloadSchema },
  }),
  '/login': defineEndpoint({
    method: 'GET',
    path: '/login/_payload.json',
    responses: { 200: publicPagePayloadSchema },
  }),
} satisfies Record<PayloadPath, unknown>;
