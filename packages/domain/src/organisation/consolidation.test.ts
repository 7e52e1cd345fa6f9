import { CONSOLIDATION_APPROACHES } from '@ecc/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { consolidate, consolidationFactor } from './consolidation.ts';

const shares = fc.double({ min: 0, max: 100, noNaN: true }).filter((share) => share > 0);
const facilities = fc.record({ ownershipSharePercent: shares, isInBoundary: fc.boolean() });
const masses = fc.double({ min: 0, max: 1e12, noNaN: true });

describe('consolidation', () => {
  it('scales by the ownership share under equity share, whatever the boundary flag says', () => {
    fc.assert(
      fc.property(facilities, masses, (facility, mass) => {
        expect(consolidationFactor('equity-share', facility)).toBe(facility.ownershipSharePercent / 100);
        const scaled = consolidate(mass, 'equity-share', facility);
        expect(scaled).toBeLessThanOrEqual(mass);
        // Exactly the mass times the share as a fraction: one multiplication, nothing rounded on the way.
        expect(scaled).toBe(mass * (facility.ownershipSharePercent / 100));
      }),
    );
  });

  it('takes all or nothing under the control approaches, whatever the share', () => {
    fc.assert(
      fc.property(
        facilities,
        masses,
        fc.constantFrom('operational-control' as const, 'financial-control' as const),
        (facility, mass, approach) => {
          expect(consolidate(mass, approach, facility)).toBe(facility.isInBoundary ? mass : 0);
        },
      ),
    );
  });

  it('keeps a wholly owned facility exactly, and never scales by less than 0 or more than 1, under every approach', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CONSOLIDATION_APPROACHES),
        fc.array(fc.tuple(facilities, masses), { minLength: 1, maxLength: 20 }),
        (approach, items) => {
          const whole = { ownershipSharePercent: 100, isInBoundary: true };
          for (const [, mass] of items) expect(consolidate(mass, approach, whole)).toBe(mass);
          const factors = items.map(([facility]) => consolidationFactor(approach, facility));
          for (const factor of factors) expect(factor >= 0 && factor <= 1).toBe(true);
        },
      ),
    );
  });

  it('scales a half-owned facility to half under equity share and keeps it whole under control', () => {
    const halfOwned = { ownershipSharePercent: 50, isInBoundary: true };
    expect(consolidate(1000, 'equity-share', halfOwned)).toBe(500);
    expect(consolidate(1000, 'operational-control', halfOwned)).toBe(1000);
    expect(consolidate(1000, 'financial-control', { ...halfOwned, isInBoundary: false })).toBe(0);
  });
});
