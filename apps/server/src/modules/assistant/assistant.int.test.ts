import {
  ASSISTANT_QUESTION_BINARY,
  ASSISTANT_QUESTION_EMPTY,
  ASSISTANT_QUESTION_TOO_LONG,
  assistantAskResponseSchema,
  assistantConversationListSchema,
  assistantConversationSchema,
  assistantStreamEventSchema,
  inventoryResponseSchema,
  type AssistantAskResponse,
  type InventoryResponse,
} from '@ecc/contracts';
import { DEMO_ADMIN, DEMO_USER, createAuthzRepository, seedPaidDemoRealm, type Database } from '@ecc/db';
import { HELP_ANSWER } from '@ecc/domain';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';
import { GOLDEN_QUESTIONS, GOLDEN_TODAY, type GoldenLookup } from './assistant-golden.ts';

/*
 * The assistant's API on a real database: the paid demo realm (plan paid, flag ai-assistant) answers the golden
 * questions with the inventory API's figures; a paid realm without the flag and a CORE realm are refused; a second
 * realm's facility is never found; conversations are their user's alone.
 */

const PAID_HOST = 'paid.localhost';
const NO_FLAG_HOST = 'noflag.assistant.test';
const CORE_HOST = 'core.assistant.test';
const OTHER_HOST = 'other.assistant.test';
const NO_FLAG_ADMIN = { email: 'nia@noflag.test', password: 'noflag-password-1', role: 'admin' as const };
const CORE_ADMIN = { email: 'cora@core.test', password: 'core-password-1', role: 'admin' as const };
const OTHER_ADMIN = { email: 'otto@other.test', password: 'other-password-1', role: 'admin' as const };
/** A facility only the other realm has. */
const OTHER_FACILITY = 'Acme Refinery';
/** Sums of months against a year's sum: float rounding only. */
const RELATIVE_TOLERANCE = 1e-9;

async function rowsOf<Row>(db: Database, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

function expectClose(actual: number, expected: number): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(
    Math.max(1, Math.abs(expected)) * RELATIVE_TOLERANCE,
  );
}

describe('assistant API', () => {
  let testApp: TestApp;
  let db: Database;
  const tokens = { admin: '', member: '', noFlag: '', core: '', other: '' };
  const facilityIds = new Map<string, string>();
  const unitIds = new Map<string, string>();
  const inventories = new Map<number, Promise<InventoryResponse>>();

  const request = (who: keyof typeof tokens, options: InjectOptions) => {
    const host = {
      admin: PAID_HOST,
      member: PAID_HOST,
      noFlag: NO_FLAG_HOST,
      core: CORE_HOST,
      other: OTHER_HOST,
    }[who];
    return testApp.app.inject({
      ...options,
      headers: { host, ...withSession(tokens[who]), ...options.headers },
    });
  };
  const ask = async (question: string, who: keyof typeof tokens = 'admin', conversationId?: string) => {
    const response = await request(who, {
      method: 'POST',
      url: '/api/assistant/ask',
      payload: { question, ...(conversationId === undefined ? {} : { conversationId }) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return assistantAskResponseSchema.parse(response.json());
  };
  const lookup: GoldenLookup = {
    facility: (slug) => facilityIds.get(slug) ?? `unknown facility ${slug}`,
    businessUnit: (name) => unitIds.get(name) ?? `unknown unit ${name}`,
    inventory: (year) => {
      let inventory = inventories.get(year);
      if (inventory === undefined) {
        inventory = request('admin', { method: 'GET', url: `/api/reports/inventory?year=${year}` }).then(
          (response) => {
            if (response.statusCode !== 200) throw new Error(response.body);
            return inventoryResponseSchema.parse(response.json());
          },
        );
        inventories.set(year, inventory);
      }
      return inventory;
    },
  };

  beforeAll(async () => {
    testApp = await createTestApp();
    db = testApp.database.db;
    // Relative periods ("last year", "year to date") are read on the golden questions' day.
    testApp.advanceClock(Date.parse(`${GOLDEN_TODAY}T12:00:00Z`) - Date.now());
    await seedPaidDemoRealm(db);
    const noFlag = await createTestRealm(db, { key: 'noflagai', plan: 'paid', domains: [NO_FLAG_HOST] });
    const core = await createTestRealm(db, { key: 'coreai', plan: 'CORE', domains: [CORE_HOST] });
    const other = await createTestRealm(db, {
      key: 'otherai',
      plan: 'paid',
      domains: [OTHER_HOST],
      configure: (config) => {
        const [application, ...rest] = config.applications;
        return { ...config, applications: [{ ...application!, 'feature-flags': 'ai-assistant' }, ...rest] };
      },
    });
    await createTestUser(db, noFlag, NO_FLAG_ADMIN);
    await createTestUser(db, core, CORE_ADMIN);
    await createTestUser(db, other, OTHER_ADMIN);
    await createAuthzRepository(db).syncDefaultRoles();
    tokens.admin = await signIn(testApp.app, DEMO_ADMIN, PAID_HOST);
    tokens.member = await signIn(testApp.app, DEMO_USER, PAID_HOST);
    tokens.noFlag = await signIn(testApp.app, NO_FLAG_ADMIN, NO_FLAG_HOST);
    tokens.core = await signIn(testApp.app, CORE_ADMIN, CORE_HOST);
    tokens.other = await signIn(testApp.app, OTHER_ADMIN, OTHER_HOST);
    const created = await request('other', {
      method: 'POST',
      url: '/api/facilities',
      payload: { name: OTHER_FACILITY, slug: 'acme-refinery', sector: 'Refineries', country: 'US' },
    });
    expect(created.statusCode, created.body).toBe(201);

    const paid = await rowsOf<{ id: string }>(db, sql`select id from realms where key = 'demopaid'`);
    const realmId = paid[0]!.id;
    for (const row of await rowsOf<{ id: string; slug: string }>(
      db,
      sql`select id, slug from facilities where realm_id = ${realmId}`,
    )) {
      facilityIds.set(row.slug, row.id);
    }
    for (const row of await rowsOf<{ id: string; name: string }>(
      db,
      sql`select id, name from business_units where realm_id = ${realmId}`,
    )) {
      unitIds.set(row.name, row.id);
    }
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('holds at least 60 golden questions', () => {
    expect(GOLDEN_QUESTIONS.length).toBeGreaterThanOrEqual(60);
  });

  describe.each(GOLDEN_QUESTIONS.map((golden) => [golden.question, golden] as const))('"%s"', (_, golden) => {
    it('makes the expected tool calls and states the inventory API figures, each cited', async () => {
      const answer = await ask(golden.question);
      expect(answer.mode).toBe('offline');
      if (golden.calls === 'help') {
        expect(answer.toolCalls).toEqual([]);
        expect(answer.answer).toBe(HELP_ANSWER);
      } else {
        expect(answer.toolCalls).toEqual(golden.calls(lookup));
      }
      if (golden.facts !== undefined) {
        const expected = await golden.facts(lookup);
        if (expected.length === 0) expect(answer.facts).toEqual([]);
        expect(answer.facts.length).toBeGreaterThanOrEqual(expected.length);
        expected.forEach((value, index) => expectClose(answer.facts[index]!.value, value));
      }
      for (const fact of answer.facts) {
        expect(fact.citations.length, fact.label).toBeGreaterThan(0);
        for (const citation of fact.citations) expect(answer.citations).toContainEqual(citation);
      }
    });
  });

  it('gives the quarters of a year that add up to the year the inventory API gives', async () => {
    const inventory = await lookup.inventory(2024);
    let scope1 = 0;
    let total = 0;
    for (const quarter of ['Q1', 'Q2', 'Q3', 'Q4']) {
      scope1 += (await ask(`Scope 1 emissions in ${quarter} 2024`)).facts[0]!.value;
      total += (await ask(`Emissions in ${quarter} 2024`)).facts[0]!.value;
    }
    expectClose(scope1, inventory.scope1.co2e);
    expectClose(total, inventory.totals.co2e);
  });

  it("cites pages of the product: the inventory year and the facility's trail", async () => {
    const totals = await ask('What were our Scope 1 emissions in 2024?');
    expect(totals.citations).toContainEqual(
      expect.objectContaining({ type: 'inventory-year', href: '/reporting/next?year=2024' }),
    );
    const trail = await ask('Where does the Scope 1 total of 2024 come from?');
    const trails = trail.citations.filter((citation) => citation.type === 'trail');
    expect(trails.length).toBeGreaterThan(0);
    for (const citation of trails) {
      expect(citation.href).toMatch(/^\/facility\/next\/[a-z0-9-]+\?year=2024&trail=scope-1$/);
    }
  });

  it("never finds another realm's facility, in either direction", async () => {
    const fromDemo = await ask(`Find facility ${OTHER_FACILITY}`);
    expect(fromDemo.facts).toEqual([]);
    expect(fromDemo.answer).toContain('No facility of this realm matches');
    const fromOther = await ask('Find facility riverbend', 'other');
    expect(fromOther.facts).toEqual([]);
    // The other realm has no such site: it is told what it can ask, not given its own total under that name.
    const totalsFromOther = await ask('Scope 1 emissions at Riverbend Power Station in 2024', 'other');
    expect(totalsFromOther.toolCalls).toEqual([]);
    expect(totalsFromOther.facts).toEqual([]);
    expect(totalsFromOther.answer).not.toContain('Riverbend');
  });

  it('refuses a realm without plan paid or without the flag ai-assistant (403), and anonymous callers (401)', async () => {
    for (const who of ['noFlag', 'core'] as const) {
      const response = await request(who, {
        method: 'POST',
        url: '/api/assistant/ask',
        payload: { question: 'Scope 1 in 2024' },
      });
      expect(response.statusCode, who).toBe(403);
      const list = await request(who, { method: 'GET', url: '/api/assistant/conversations' });
      expect(list.statusCode, who).toBe(403);
    }
    const noFlag = await request('noFlag', {
      method: 'POST',
      url: '/api/assistant/ask',
      payload: { question: 'x' },
    });
    expect(noFlag.json().message).toContain('ai-assistant');
    const anonymous = await testApp.app.inject({
      method: 'POST',
      url: '/api/assistant/ask',
      headers: { host: PAID_HOST },
      payload: { question: 'Scope 1 in 2024' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses an empty, an over-long or a binary question with a 400 naming body/question', async () => {
    const cases: [unknown, string][] = [
      ['', ASSISTANT_QUESTION_EMPTY],
      ['   \n ', ASSISTANT_QUESTION_EMPTY],
      ['Scope 1 '.repeat(1_300), ASSISTANT_QUESTION_TOO_LONG],
      ['Scope 1\u0001\u0002 in 2024', ASSISTANT_QUESTION_BINARY],
    ];
    for (const [question, message] of cases) {
      const response = await request('admin', {
        method: 'POST',
        url: '/api/assistant/ask',
        payload: { question },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({ 'body/question': message });
    }
    const missing = await request('admin', { method: 'POST', url: '/api/assistant/ask', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fieldErrors)).toEqual(['body/question']);
    const nul = await request('admin', {
      method: 'POST',
      url: '/api/assistant/ask',
      headers: { 'content-type': 'application/json' },
      payload: '{"question":"Scope 1\\u0000"}',
    });
    expect(nul.statusCode).toBe(400);
  });

  it('keeps conversations per user: listed, continued, read, deleted; another user gets 404', async () => {
    const first = await ask('What were our Scope 1 emissions in 2024?');
    const second = await ask('Compare 2024 with 2025', 'admin', first.conversationId);
    expect(second.conversationId).toBe(first.conversationId);

    const list = assistantConversationListSchema.parse(
      (await request('admin', { method: 'GET', url: '/api/assistant/conversations' })).json(),
    );
    expect(list.conversations[0]).toEqual(
      expect.objectContaining({
        id: first.conversationId,
        title: 'What were our Scope 1 emissions in 2024?',
      }),
    );
    const conversation = assistantConversationSchema.parse(
      (
        await request('admin', { method: 'GET', url: `/api/assistant/conversations/${first.conversationId}` })
      ).json(),
    );
    expect(conversation.messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    expect(conversation.messages[1]!.answer?.facts).toEqual(first.facts);
    expect(conversation.messages[3]!.text).toBe(second.answer);

    // The member of the same realm cannot read, continue or delete the administrator's conversation.
    const url = `/api/assistant/conversations/${first.conversationId}`;
    expect((await request('member', { method: 'GET', url })).statusCode).toBe(404);
    expect((await request('member', { method: 'DELETE', url })).statusCode).toBe(404);
    const continued = await request('member', {
      method: 'POST',
      url: '/api/assistant/ask',
      payload: { question: 'Scope 1 in 2024', conversationId: first.conversationId },
    });
    expect(continued.statusCode).toBe(404);
    const memberList = assistantConversationListSchema.parse(
      (await request('member', { method: 'GET', url: '/api/assistant/conversations' })).json(),
    );
    expect(memberList.conversations.map((item) => item.id)).not.toContain(first.conversationId);
    // Nor can the other realm's administrator.
    expect((await request('other', { method: 'GET', url })).statusCode).toBe(404);

    expect((await request('admin', { method: 'DELETE', url })).statusCode).toBe(204);
    expect((await request('admin', { method: 'GET', url })).statusCode).toBe(404);
  });

  it('streams the answer as newline-delimited JSON: text pieces, then the whole answer', async () => {
    const response = await request('admin', {
      method: 'POST',
      url: '/api/assistant/ask/stream',
      payload: { question: 'What were our Scope 1 emissions in 2024?' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/x-ndjson');
    const events = response.body
      .trim()
      .split('\n')
      .map((line) => assistantStreamEventSchema.parse(JSON.parse(line)));
    const done = events.at(-1);
    expect(done?.type).toBe('done');
    const text = events.flatMap((event) => (event.type === 'text' ? [event.text] : [])).join('');
    const answer = done as AssistantAskResponse & { type: 'done' };
    expect(text).toBe(answer.answer);
    expectClose(answer.facts[0]!.value, (await lookup.inventory(2024)).scope1.co2e);
  });
});
