import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applicationConfigSchema, authenticationStrategySchema } from './application-config.ts';
import { featureFlagSchema } from './feature-flag.ts';
import { updateUserRequestSchema } from './auth.ts';
import { themeSchema } from './theme.ts';
import { describeReceivedType } from './zod-error-map.ts';
import { hexColorSchema, isoDateSchema, realmKeySchema, uuidSchema } from './validation.ts';

function firstMessage(result: {
  success: boolean;
  error?: { issues: { message: string }[] };
}): string | undefined {
  return result.error?.issues[0]?.message;
}

describe('hex colours', () => {
  it.each(['#fff', '#FFF', '#00ff7f', '#A1b2C3'])('accepts %s', (hex) => {
    expect(hexColorSchema.safeParse(hex).success).toBe(true);
  });

  it.each(['fff', '#ffff', '#12345', '#gggggg', '#1234567', 'red', ''])(
    "rejects %s with 'Invalid hex color'",
    (hex) => {
      expect(firstMessage(hexColorSchema.safeParse(hex))).toBe('Invalid hex color');
    },
  );

  it('accepts every 3 and 6 digit hex string', () => {
    const hexDigits = fc.constantFrom(...'0123456789abcdefABCDEF'.split(''));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(hexDigits, { minLength: 3, maxLength: 3 }),
          fc.array(hexDigits, { minLength: 6, maxLength: 6 }),
        ),
        (digits) => {
          expect(hexColorSchema.safeParse(`#${digits.join('')}`).success).toBe(true);
        },
      ),
    );
  });
});

describe('ids, dates and realm keys', () => {
  it("rejects a malformed id with 'This field must be a valid UUID'", () => {
    expect(firstMessage(uuidSchema.safeParse('not-a-uuid'))).toBe('This field must be a valid UUID');
    expect(uuidSchema.safeParse('0b9c7f4e-8a51-4b8e-9f53-1c2d3e4f5a6b').success).toBe(true);
  });

  it("rejects a non-ISO date with 'This field must be a valid ISO 8601 date'", () => {
    expect(firstMessage(isoDateSchema.safeParse('22/11/2026'))).toBe(
      'This field must be a valid ISO 8601 date',
    );
    expect(isoDateSchema.safeParse('2026-11-22T02:45:00.000Z').success).toBe(true);
    expect(isoDateSchema.safeParse('2026-11-22T02:45:00+01:00').success).toBe(true);
  });

  it('accepts exactly the keys of 3 to 8 characters that start with a letter', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 12 }), (key) => {
        const isValid = /^[A-Za-z][A-Za-z0-9_-]{2,7}$/.test(key);
        return realmKeySchema.safeParse(key).success === isValid;
      }),
      { numRuns: 2000 },
    );
    expect(realmKeySchema.safeParse('demo').success).toBe(true);
    expect(realmKeySchema.safeParse('de').success).toBe(false);
    expect(realmKeySchema.safeParse('abcdefghi').success).toBe(false);
    expect(realmKeySchema.safeParse('1abc').success).toBe(false);
    expect(realmKeySchema.safeParse('a_b-c9').success).toBe(true);
  });
});

describe('feature flags', () => {
  it("requires defaultVariant to be one of the variants' keys", () => {
    const result = featureFlagSchema.safeParse({
      variants: { on: true, off: false },
      defaultVariant: 'maybe',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      message: 'defaultVariant must be one of the keys from variants',
      path: ['defaultVariant'],
    });
    expect(
      featureFlagSchema.safeParse({ variants: { on: true, off: false }, defaultVariant: 'on' }).success,
    ).toBe(true);
  });

  it('accepts only the ENABLED and DISABLED states', () => {
    const flag = { variants: { on: true }, defaultVariant: 'on' };
    expect(featureFlagSchema.safeParse({ ...flag, state: 'ENABLED' }).success).toBe(true);
    expect(featureFlagSchema.safeParse({ ...flag, state: 'ON' }).success).toBe(false);
  });
});

describe('themes', () => {
  const theme = {
    id: '0b9c7f4e-8a51-4b8e-9f53-1c2d3e4f5a6b',
    name: 'Forest',
    colors: { light: { primary: '#0a7' }, dark: { primary: '#22cc88' } },
  };

  it("defaults the login background position to 'right 10% center/50%'", () => {
    expect(themeSchema.parse(theme).login.backgroundPosition).toBe('right 10% center/50%');
  });

  it('names the slot of a bad colour', () => {
    const result = themeSchema.safeParse({ ...theme, colors: { light: { primary: 'green' }, dark: {} } });
    expect(result.error?.issues[0]).toMatchObject({
      message: 'Invalid hex color',
      path: ['colors', 'light', 'primary'],
    });
  });
});

describe('authentication strategies', () => {
  const strategy = {
    active: true,
    authorizationEndpoint: 'https://id.example.com/authorize',
    clientId: 'ecc',
    domain: 'id.example.com',
    issuer: 'https://id.example.com',
    jwksURI: 'https://id.example.com/jwks',
    name: 'Example ID',
    organizationId: 'org-1',
    service: 'oidc',
    tokenEndpoint: 'https://id.example.com/token',
    type: 'oidc',
  };

  it('accepts URLs and rejects anything else in endpoint fields', () => {
    expect(authenticationStrategySchema.safeParse(strategy).success).toBe(true);
    const result = authenticationStrategySchema.safeParse({
      ...strategy,
      issuer: 'not a url',
      jwksURI: 'nope',
    });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['issuer', 'jwksURI']);
  });

  it("rejects a malformed optional id with 'This field must be a valid UUID'", () => {
    expect(firstMessage(authenticationStrategySchema.safeParse({ ...strategy, id: '42' }))).toBe(
      'This field must be a valid UUID',
    );
  });
});

describe('validation texts', () => {
  it("says 'Required' for a missing field and 'Expected X, received Y' for a wrong type", () => {
    const result = applicationConfigSchema.safeParse({ authSessionLength: '30' });
    expect(result.error?.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: ['name'], message: 'Required' }),
        expect.objectContaining({ path: ['authSessionLength'], message: 'Expected number, received string' }),
      ]),
    );
  });

  it("says 'Invalid input' where no more precise text exists", () => {
    const result = updateUserRequestSchema.safeParse({ user: 42 });
    expect(result.error?.issues[0]).toMatchObject({ path: ['user'], message: 'Invalid input' });
  });

  it('names the received type as a user reads it', () => {
    expect(describeReceivedType(null)).toBe('null');
    expect(describeReceivedType([])).toBe('array');
    expect(describeReceivedType(Number.NaN)).toBe('nan');
    expect(describeReceivedType('x')).toBe('string');
  });
});
