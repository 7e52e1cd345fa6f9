import { PUBLIC_PAGE_PAYLOAD_ELEMENT_ID, publicPagePayloadSchema } from '@ecc/contracts';
import { expect, test } from '../support/fixtures.ts';
import { DEMO_REALM, SIMPLE_REALM } from '../support/realms.ts';

const PAYLOAD_SCRIPT = new RegExp(
  `<script id="${PUBLIC_PAGE_PAYLOAD_ELEMENT_ID}" type="application/json">([\\s\\S]*?)</script>`,
);

test.use({ realm: DEMO_REALM, isSignedIn: false });

for (const path of ['/login', '/about']) {
  test(`the raw HTML of ${path} inlines the realm payload, so it is there before any script runs`, async ({
    request,
  }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    const inlined = PAYLOAD_SCRIPT.exec(html)?.[1];
    expect(inlined, `${path} carries <script id="${PUBLIC_PAGE_PAYLOAD_ELEMENT_ID}">`).toBeDefined();
    const payload = publicPagePayloadSchema.parse(JSON.parse(inlined ?? 'null'));
    expect(payload.realm).toEqual({ key: DEMO_REALM.key, name: DEMO_REALM.name });

    const fetched = await request.get(`${path}/_payload.json`);
    expect(fetched.status()).toBe(200);
    expect(publicPagePayloadSchema.parse(await fetched.json())).toEqual(payload);
  });
}

test('the login page shows the realm name', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByText(DEMO_REALM.name).first()).toBeVisible();
});

test.describe('on another realm host', () => {
  test.use({ realm: SIMPLE_REALM });

  test("the login page inlines and shows that realm's name", async ({ page }) => {
    await page.goto('/login');
    const inlined = await page.locator(`#${PUBLIC_PAGE_PAYLOAD_ELEMENT_ID}`).textContent();
    expect(publicPagePayloadSchema.parse(JSON.parse(inlined ?? 'null')).realm.name).toBe(SIMPLE_REALM.name);
    await expect(page.getByText(SIMPLE_REALM.name).first()).toBeVisible();
  });
});
