/** Whether a database error is PostgreSQL's unique_violation (23505); drivers put the code on the error or its cause. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
  return code === '23505';
}
