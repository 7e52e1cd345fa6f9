import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** The messages of the no-restricted-syntax rule for `code` as if it were the file at `filePath`. */
async function restrictedSyntaxMessages(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-syntax')
    .map((message) => message.message);
}

describe('the lint rule against literal API paths in the browser', () => {
  it('refuses an API path written in apps/web/src, as a string or in a template', async () => {
    const messages = await restrictedSyntaxMessages(
      [
        "export const list = '/api/invitations';",
        'export const one = (id: string) => `/api/invitations/${id}`;',
        'export const absolute = (origin: string) => `${origin}/api/config`;',
        "export const apiary = '/apiary';",
        '// `GET /api/user` in a comment is documentation, not a call.',
      ].join('\n'),
      'apps/web/src/lib/api/example.ts',
    );
    expect(messages).toHaveLength(3);
    expect(messages[0]).toMatch(/^Call the endpoint declared in packages\/contracts with callEndpoint/);
  });

  it('lets tests, the contracts and the server name the paths', async () => {
    const code = "export const list = '/api/invitations';";
    expect(await restrictedSyntaxMessages(code, 'apps/web/src/lib/api/example.test.ts')).toEqual([]);
    expect(await restrictedSyntaxMessages(code, 'packages/contracts/src/example.ts')).toEqual([]);
    expect(await restrictedSyntaxMessages(code, 'apps/server/src/platform/example.ts')).toEqual([]);
  });
});
