import { z } from './zod.ts';
import { REALM_KEY_MAX_LENGTH, REALM_KEY_MIN_LENGTH } from './constants.ts';
import { messages } from './messages.ts';

/** Hex colour in 3 or 6 digit form (spec section 5). */
export const HEX_COLOR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
export const hexColorSchema = z.string().regex(HEX_COLOR_PATTERN, messages.invalidHexColor);

export const uuidSchema = z.uuid({ message: messages.invalidUuid });

export const isoDateSchema = z.iso.datetime({ offset: true, message: messages.invalidIsoDate });

/** Realm key: 3 to 8 characters, a letter first, then letters, digits, `_` or `-` (spec section 3). */
export const REALM_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;
export const realmKeySchema = z
  .string()
  .min(REALM_KEY_MIN_LENGTH, `Realm key must be at least ${REALM_KEY_MIN_LENGTH} characters`)
  .max(REALM_KEY_MAX_LENGTH, `Realm key must be at most ${REALM_KEY_MAX_LENGTH} characters`)
  .regex(REALM_KEY_PATTERN, 'Realm key must start with a letter, then letters, digits, _ or -');

export const urlSchema = z.url({ message: 'Must be a valid URL' });

/** A host name such as ecc.example.com: labels of letters, digits and inner hyphens (compared lowercased). */
export const HOST_NAME_PATTERN =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
/** A realm domain as realms store it: trimmed, lowercased, without a trailing dot. */
export const hostNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .overwrite((host) => host.replace(/\.$/, ''))
  .regex(HOST_NAME_PATTERN, 'Must be a host name such as ecc.example.com');
