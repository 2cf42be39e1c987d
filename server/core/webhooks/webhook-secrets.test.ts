/**
 * Webhook signing secrets at rest: the database holds them sealed under the app's key, for their
 * endpoint and column, from the moment an endpoint is added and after every rotation; deliveries
 * are signed with them opened. A secret that does not open (its key lost, or copied from another
 * endpoint) signs nothing and nothing goes out, until a rotation gives the endpoint a new one.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { createSecretBox, sealedKeyId } from '../../security/secret-box';
import { secretPurpose } from '../../security/stored-secrets';
import { createTestApp, useSeededDatabase } from '../../test/harness';
import { clientIdOf, createPayer, payableAccounts, type PayableAccount } from '../../test/money-fixtures';
import { createApiKeysService } from '../api-keys/api-keys.service';
import { DeliveryRefused, drainDeliveries } from './webhook-delivery';
import type { WebhookPost } from './webhook-sender';

const database = useSeededDatabase();
// A key of this test's own, not the development one: what the app seals with is what it was given.
const secrets = createSecretBox({ key: randomBytes(32) });
const now = () => new Date();
let app: ReturnType<typeof createTestApp>;
let key = '';
let account: PayableAccount;
let pay: (account: PayableAccount) => Promise<string>;

beforeAll(async () => {
  app = createTestApp(database.db, { now, secrets });
  const clientId = await clientIdOf(database.db, 'SUN');
  key = (await createApiKeysService({ db: database.db, now }).create({ clientId, scopes: ['webhooks:write'] })).key;
  const [payable] = await payableAccounts(database.db, clientId, 1, 'SEAL');
  if (!payable) throw new Error('No account to pay');
  account = payable;
  pay = createPayer(database.db, clientId, now);
});

beforeEach(async () => {
  await database.db.execute(sql`truncate table webhook_endpoints cascade`);
});

const post = async (path: string, body?: unknown) => {
  const answer = await app.request(path, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(answer.status).toBeLessThan(300);
  return (await answer.json()) as { id: number; secret: string };
};
const addEndpoint = () => post('/api/office/v1/webhooks/endpoints', { url: 'https://billing.example.com/hooks' });
const rotate = (id: number) => post(`/api/office/v1/webhooks/endpoints/${String(id)}/rotate`);

/** The endpoint's row as the database holds it, its previous secrets as stored text. */
async function storedRow(id: number): Promise<{ secret: string; previous_secrets: string }> {
  const [row] = await queryRows<{ secret: string; previous_secrets: string }>(database.db, sql`select secret, previous_secrets::text from webhook_endpoints where id = ${id}`);
  if (!row) throw new Error(`No endpoint ${String(id)}`);
  return row;
}

/** What one drain of the endpoint's deliveries sent. */
async function drained(endpointId: number): Promise<{ sent: WebhookPost[]; refused: boolean }> {
  const sent: WebhookPost[] = [];
  const send = (post: WebhookPost) => {
    sent.push(post);
    return Promise.resolve(204);
  };
  const refused = await drainDeliveries({ db: database.db, now, secrets, send }, endpointId, `account:${String(account.id)}`).then(
    () => false,
    (error: unknown) => {
      if (error instanceof DeliveryRefused) return true;
      throw error;
    },
  );
  return { sent, refused };
}

describe('webhook signing secrets at rest', () => {
  it('keeps an endpoint’s secrets sealed, under the app’s key, once added and after each rotation', async () => {
    const made = await addEndpoint();
    expect(made.secret).toMatch(/^whsec_/);
    const added = await storedRow(made.id);
    expect(added.secret).toMatch(/^sb1\./);
    expect(added.secret).not.toContain(made.secret.slice('whsec_'.length));
    expect(sealedKeyId(added.secret)).toBe(secrets.keyId);
    expect(secrets.open(added.secret, secretPurpose.webhookSecret(made.id))).toBe(made.secret);

    const second = await rotate(made.id);
    const third = await rotate(made.id);
    const rotated = await storedRow(made.id);
    for (const plain of [made.secret, second.secret, third.secret]) {
      expect(rotated.secret).not.toContain(plain.slice('whsec_'.length));
      expect(rotated.previous_secrets).not.toContain(plain.slice('whsec_'.length));
    }
    expect(secrets.open(rotated.secret, secretPurpose.webhookSecret(made.id))).toBe(third.secret);
    const retired = JSON.parse(rotated.previous_secrets) as { secret: string }[];
    expect(retired.map((each) => secrets.open(each.secret, secretPurpose.retiredWebhookSecret(made.id)))).toEqual([made.secret, second.secret]);
  });

  it('signs a delivery with the secrets opened, so the receiver’s own verifies it', async () => {
    const made = await addEndpoint();
    const next = await rotate(made.id);
    await pay(account);
    const { sent } = await drained(made.id);
    expect(sent).toHaveLength(1);
    const [delivery] = sent;
    for (const secret of [made.secret, next.secret]) expect(new Webhook(secret).verify(delivery?.body ?? '', delivery?.headers ?? {})).toMatchObject({ type: 'payment.captured' });
  });

  it('sends nothing with a secret that does not open, says why to the operator, and signs again once rotated', async () => {
    const made = await addEndpoint();
    const other = await addEndpoint();
    const lostKey = createSecretBox({ key: randomBytes(32) });
    await pay(account);
    const unopenable = [
      // Copied from another endpoint's row: sealed for that row.
      { value: (await storedRow(other.id)).secret, reason: 'did not open' },
      // Sealed by a key the app was not given (SECRETS_KEY lost).
      { value: lostKey.seal(made.secret, secretPurpose.webhookSecret(made.id)), reason: `key ${lostKey.keyId}, which is not among the keys given` },
    ];
    for (const { value, reason } of unopenable) {
      await database.db.update(webhookEndpoints).set({ secret: value }).where(eq(webhookEndpoints.id, made.id));
      expect(await drained(made.id)).toEqual({ sent: [], refused: true });
      const [delivery] = await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, made.id));
      expect(delivery).toMatchObject({ status: 'pending', lastResponseStatus: null });
      expect(delivery?.lastError).toContain(reason);
      expect(delivery?.lastError).not.toContain(made.secret);
    }

    // A rotation mends it: the secret that did not open is not kept to sign beside the new one.
    const mended = await rotate(made.id);
    expect(JSON.parse((await storedRow(made.id)).previous_secrets)).toEqual([]);
    const { sent } = await drained(made.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers['webhook-signature']?.split(' ')).toHaveLength(1);
    expect(new Webhook(mended.secret).verify(sent[0]?.body ?? '', sent[0]?.headers ?? {})).toMatchObject({ type: 'payment.captured' });
  });
});
