import { z } from 'zod';
import { expectedReceivedMessage, messages } from './messages.ts';

/** The type name a user sees in 'Expected X, received Y' (zod 3 wording, which the specification quotes). */
export function describeReceivedType(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (typeof input === 'number' && Number.isNaN(input)) return 'nan';
  if (input instanceof Date) return 'date';
  return typeof input;
}

/**
 * zod 4's default texts differ from the specification's ('Required', 'Expected X, received Y', 'Invalid input'),
 * so the product installs this error map once, before any schema is parsed, in the browser and on the server.
 */
export function installZodErrorMap(): void {
  z.config({
    customError: (issue) => {
      if (issue.code === 'invalid_type') {
        if (issue.input === undefined) return messages.required;
        return expectedReceivedMessage(issue.expected, describeReceivedType(issue.input));
      }
      if (issue.code === 'invalid_union' || issue.code === 'custom') return messages.invalidInput;
      return undefined;
    },
  });
}
