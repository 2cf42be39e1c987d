import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeEach, describe, expect, it } from 'vitest';
import { clientListSchema, clientSchema } from '@contracts/clients';
import { DEMO_PASSWORD, TestBrowser, createTestApp, useSeededDatabase, resetSessions } from '../../test/harness';
import { clients } from '../../db/schema';
import { createClientsService } from '../../core/clients/clients.service';

const database = useSeededDatabase();
let browser: TestBrowser;


beforeEach(async () => {
  await resetSessions(database.db);
  browser = await new TestBrowser(createTestApp(database.db)).open();
});

const getJson = async (path: string) => {
  const response = await browser.get(path);
  return { status: response.status, body: (await response.json()) as unknown };
};

describe('client list', () => {
  it('lists about 55 entries, ordered by code then billing group, with the fixed demo clients', async () => {
    const { status, body } = await getJson('/api/Client/GetClientList');
    expect(status).toBe(200);
    const list = v.parse(clientListSchema, body);
    expect(list.length).toBeGreaterThanOrEqual(50);
    expect(list).toContainEqual({
      code: 'SUN',
      name: 'Sunrise Laboratories',
      logoUrl: '/logos/sun.svg',
      theme: 'sunrise',
      billingGroup: null,
    });
    expect(list.filter((entry) => entry.code === 'DLT').map((entry) => entry.billingGroup)).toEqual(['48', '52', 'it']);
    expect(list).toContainEqual(expect.objectContaining({ code: 'NPP', theme: 'northpoint' }));
    expect(list).toContainEqual(expect.objectContaining({ code: 'HBR', theme: 'harbor' }));
    expect(list).toContainEqual({ code: 'ZZ', name: '', logoUrl: null, theme: 'default', billingGroup: null });

    const keys = list.map((entry) => `${entry.code}/${entry.billingGroup ?? ''}`);
    expect([...keys].sort()).toEqual(keys);
    expect(new Set(keys).size).toBe(keys.length);
    for (const entry of list) {
      expect(entry.code).toMatch(/^[A-Z]{2,4}$/);
      expect(['default', 'sunrise', 'delta', 'northpoint', 'harbor']).toContain(entry.theme);
    }
    expect(list.filter((entry) => entry.name === '').length).toBeGreaterThan(1);
    expect(list.filter((entry) => entry.billingGroup !== null).every((entry) => entry.code === 'DLT')).toBe(true);
  });
});

describe('one client', () => {
  it('finds a client whatever the case of its code', async () => {
    const { status, body } = await getJson('/api/Client/GetClient?clientCode=sUn');
    expect(status).toBe(200);
    expect(v.parse(clientSchema, body)).toEqual({
      code: 'SUN',
      name: 'Sunrise Laboratories',
      logoUrl: '/logos/sun.svg',
      theme: 'sunrise',
      billingGroup: null,
      acceptsOnlinePayments: true,
      patientAppUrl: 'https://app.sunriselabs.example/',
    });
  });

  it('has no app for patients unless the client set one, and only an https address', async () => {
    const { body } = await getJson('/api/Client/GetClient?clientCode=NPP');
    expect(body).toEqual(expect.objectContaining({ code: 'NPP', patientAppUrl: null }));
    for (const unsafe of ['javascript:alert(1)', 'http://app.example/', 'https://a b']) {
      await expect(database.db.update(clients).set({ patientAppUrl: unsafe }).where(eq(clients.code, 'NPP'))).rejects.toThrow();
    }
  });

  it("gives the billing office's phone, opening hours and postal address, to anyone", async () => {
    const { status, body } = await getJson('/api/Client/GetContact?clientCode=SUN');
    expect(status).toBe(200);
    expect(body).toEqual({
      name: 'Sunrise Laboratories',
      phone: { number: '1-800-555-0142', hours: { fromDay: 1, toDay: 5, opens: '08:00', closes: '18:00', timeZone: 'America/Chicago' } },
      addressLines: ['Attn: Patient Billing', 'PO Box 4120', 'Springfield, IL 62704'],
    });
    expect((await getJson('/api/Client/GetContact?clientCode=XYZ')).status).toBe(404);
  });

  it('returns the entry of the requested billing group', async () => {
    const { body } = await getJson('/api/Client/GetClient?clientCode=DLT&billingGroup=48');
    expect(body).toEqual(expect.objectContaining({ code: 'DLT', billingGroup: '48', theme: 'delta' }));
    const it = await getJson('/api/Client/GetClient?clientCode=dlt&billingGroup=it');
    expect(it.body).toEqual(expect.objectContaining({ billingGroup: 'it' }));
  });

  it('picks billing group 52 for DLT when no billing group is given', async () => {
    expect((await getJson('/api/Client/GetClient?clientCode=DLT')).body).toEqual(
      expect.objectContaining({ billingGroup: '52' }),
    );
    expect((await getJson('/api/Client/GetClient?clientCode=DLT&billingGroup=')).body).toEqual(
      expect.objectContaining({ billingGroup: '52' }),
    );
  });

  it('ignores a stale billing group for a client without billing groups, but not an unknown one for DLT', async () => {
    expect((await getJson('/api/Client/GetClient?clientCode=SUN&billingGroup=52')).body).toEqual(
      expect.objectContaining({ code: 'SUN', billingGroup: null }),
    );
    const unknownGroup = await getJson('/api/Client/GetClient?clientCode=DLT&billingGroup=99');
    expect(unknownGroup).toEqual({ status: 404, body: { error: 'notFound' } });
  });

  it('answers 404 notFound for an unknown code and 400 for a malformed one', async () => {
    expect(await getJson('/api/Client/GetClient?clientCode=QQQ')).toEqual({ status: 404, body: { error: 'notFound' } });
    for (const code of ['S', 'SUNRS', 'S1N', '']) {
      expect(await getJson(`/api/Client/GetClient?clientCode=${code}`)).toEqual({
        status: 400,
        body: { error: 'invalidRequest', fields: { clientCode: code === '' ? 'required' : 'invalid' } },
      });
    }
  });

  it('reports whether a client takes online payments', async () => {
    expect((await getJson('/api/Client/GetClient?clientCode=NPP')).body).toEqual(
      expect.objectContaining({ acceptsOnlinePayments: false }),
    );
  });
});

describe('client url, card link and payments', () => {
  it('gives the client url, and 404 for an unknown code', async () => {
    expect(await getJson('/api/Client/GetClientUrl?clientCode=sun')).toEqual({
      status: 200,
      body: { url: 'https://www.sunriselabs.example/' },
    });
    expect((await getJson('/api/Client/GetClientUrl?clientCode=QQQ')).status).toBe(404);
  });

  it('gives the external card link of a named client, or an empty one', async () => {
    expect((await getJson('/api/ClientLinks/GetClientLinks?clientCode=HBR')).body).toEqual({
      externalCCLink: 'https://payments.example.org/harbor',
    });
    expect((await getJson('/api/ClientLinks/GetClientLinks?clientCode=SUN')).body).toEqual({ externalCCLink: '' });
    expect((await getJson('/api/ClientLinks/GetClientLinks')).body).toEqual({ externalCCLink: '' });
  });

  it('answers for the session’s client when no client is named', async () => {
    await browser.login('north.doe@example.com', DEMO_PASSWORD);
    expect((await getJson('/api/user/DoesClientAcceptPayments')).body).toEqual({ acceptsPayments: false });
    expect((await getJson('/api/user/DoesClientAcceptPayments?clientCode=SUN')).body).toEqual({ acceptsPayments: true });
  });

  it('says no online payments when there is no client at all', async () => {
    expect((await getJson('/api/user/DoesClientAcceptPayments')).body).toEqual({ acceptsPayments: false });
    expect((await getJson('/api/user/DoesClientAcceptPayments?clientCode=QQQ')).status).toBe(404);
  });
});

describe('client resolution rules (service)', () => {
  it('resolves without HTTP by the documented rule', async () => {
    const clients = createClientsService({ db: database.db });
    expect((await clients.resolve({ clientCode: ' dlt ' }))?.billingGroup).toBe('52');
    expect((await clients.resolve({ clientCode: 'DLT', billingGroup: 'it' }))?.billingGroup).toBe('it');
    expect(await clients.resolve({ clientCode: 'DLT', billingGroup: 'IT' })).toBeNull();
    expect((await clients.resolve({ clientCode: 'zz' }))?.code).toBe('ZZ');
    expect(await clients.resolve({ clientCode: 'NONE' })).toBeNull();
  });
});
