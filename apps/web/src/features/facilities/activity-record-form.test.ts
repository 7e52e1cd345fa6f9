import { activityRecordInputSchema } from '@ecc/contracts';
import { describe, expect, it } from 'vitest';
import { ApiResponseError } from '#lib/api/api-response-error.ts';
import { serverFieldErrors } from '#lib/forms/field-errors.ts';
import {
  EMPTY_RECORD_FORM,
  recordToFormValues,
  activityRecordFieldOfPath,
  recordRequestOf,
  type ActivityRecordField,
  type ActivityRecordFormValues,
} from './activity-record-form.ts';

const VALID: ActivityRecordFormValues = {
  ...EMPTY_RECORD_FORM,
  activityType: 'natural-gas',
  periodStart: '2025-01-01',
  periodEnd: '2025-01-31',
  quantity: '1000',
  unit: 'therm',
  factorKey: 'epa-hub-2024-natural-gas',
  scope: '1',
};

/** What the forms' check finds (as `useContractForm` runs it): the request the text stands for, by the schema. */
function check(values: ActivityRecordFormValues) {
  const errors: Partial<Record<ActivityRecordField, string>> = {};
  const request = recordRequestOf(values, (field, message) => (errors[field] ??= message));
  const parsed = activityRecordInputSchema.safeParse(request);
  for (const issue of parsed.error?.issues ?? []) {
    const field = activityRecordFieldOfPath(issue.path.map(String));
    if (field !== undefined) errors[field] ??= issue.message;
  }
  return { input: parsed.data, errors };
}

describe('the activity record form', () => {
  it('turns valid text into the API input, with empty optional fields as null', () => {
    expect(check(VALID)).toEqual({
      errors: {},
      input: expect.objectContaining({
        activityType: 'natural-gas',
        quantity: 1000,
        scope: 1,
        equipmentId: null,
        notes: null,
        scope3Category: null,
        certificateCoverage: null,
        isEstimated: false,
      }),
    });
  });

  it('names every missing field in words a user understands', () => {
    expect(check(EMPTY_RECORD_FORM).errors).toEqual({
      activityType: 'Activity type is required',
      periodStart: 'Must be a date as YYYY-MM-DD',
      periodEnd: 'Must be a date as YYYY-MM-DD',
      quantity: 'Quantity is required',
      unit: 'Unit is required',
      factorKey: 'Factor is required',
    });
  });

  it('refuses a negative quantity and a period that ends before it starts, on the field to change', () => {
    const { errors } = check({ ...VALID, quantity: '-5', periodEnd: '2024-12-31' });
    expect(errors.quantity).toBe('Quantity must be zero or more');
    expect(errors.periodEnd).toBe('Period end must not be before period start');
  });

  it('refuses certificate coverage outside scope 2', () => {
    expect(check({ ...VALID, certificateCoverage: '0.5' }).errors.certificateCoverage).toBe(
      'Certificate coverage is only given with scope 2',
    );
  });

  it('fills the edit form from a record, dates without their time', () => {
    expect(
      recordToFormValues({
        activityType: 'electricity',
        equipmentId: null,
        periodStart: '2025-02-01T00:00:00.000Z',
        periodEnd: '2025-02-28',
        quantity: 1200.5,
        unit: 'kWh',
        factorKey: 'egrid-2022-us',
        scope: 2,
        scope3Category: null,
        certificateCoverage: 0.25,
        isEstimated: true,
        notes: null,
      }),
    ).toEqual({
      activityType: 'electricity',
      equipmentId: '',
      periodStart: '2025-02-01',
      periodEnd: '2025-02-28',
      quantity: '1200.5',
      unit: 'kWh',
      factorKey: 'egrid-2022-us',
      scope: '2',
      scope3Category: '',
      certificateCoverage: '0.25',
      isEstimated: true,
      notes: '',
    });
  });
});

describe("the server's refusal of a record", () => {
  it('puts a 400 on the field its message names', () => {
    const error = new ApiResponseError(400, 'Bad Request', {
      statusCode: 400,
      error: 'Bad Request',
      message: 'body/quantity: Expected number, received string',
      fieldErrors: { 'body/quantity': 'Expected number, received string' },
    });
    expect(serverFieldErrors(error, activityRecordFieldOfPath)).toEqual({
      fields: { quantity: 'Expected number, received string' },
    });
  });

  it("puts each 422 item on its path's field, and what names no field on the form", () => {
    const error = new ApiResponseError(422, 'Unprocessable Entity', {
      message: 'The record cannot be calculated',
      items: [
        { id: 'record', path: 'unit', message: 'Unit "parsec" cannot be converted to mmBtu' },
        { id: 'record', path: 'factorKey', message: 'Unknown factor "nope"' },
        { id: 'record', path: '', message: 'Provide a heat content' },
      ],
    });
    expect(serverFieldErrors(error, activityRecordFieldOfPath)).toEqual({
      fields: { unit: 'Unit "parsec" cannot be converted to mmBtu', factorKey: 'Unknown factor "nope"' },
      form: 'Provide a heat content',
    });
  });

  it('shows any other failure on the form with its message', () => {
    const error = new ApiResponseError(404, 'Not Found', {
      statusCode: 404,
      error: 'Not Found',
      message: 'Facility not found',
    });
    expect(serverFieldErrors(error, activityRecordFieldOfPath)).toEqual({
      fields: {},
      form: 'Facility not found',
    });
    expect(serverFieldErrors(new TypeError('Failed to fetch'), activityRecordFieldOfPath)).toEqual({
      fields: {},
      form: 'Failed to fetch',
    });
  });
});
