/**
 * The import zones of eslint.config.js, proven: a violation of each is planted in a real file of
 * the project (the zones are paths of the project), linted with the project's own configuration's
 * zone rules, and must be reported by the rule that guards it; one allowed import per zone must
 * pass them. The planted files are removed afterwards, whatever happens.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const probe = 'lint-probe';

/** One planted file: where it goes, what it holds, and the rule that must (or no rule that may) report it. */
interface Plant {
  name: string;
  path: string;
  code: string;
  rule: string | null;
}

const plants: Plant[] = [
  {
    name: 'a machine importing the SPA by a deep relative path',
    path: `machines/${probe}/deep-relative.ts`,
    code: "import { formatMoney } from '../../src/lib/format';\nexport const probe = formatMoney;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a machine importing the SPA by its alias',
    path: `machines/${probe}/alias.ts`,
    code: "import { formatMoney } from '@/lib/format';\nexport const probe = formatMoney;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a machine importing the server',
    path: `machines/${probe}/server.ts`,
    code: "import { scopeOf } from '../../server/http/scope';\nexport const probe = scopeOf;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a machine importing a contract value, not a type',
    path: `machines/${probe}/contract-value.ts`,
    code: "import { languages } from '@contracts/session';\nexport const probe = languages;\n",
    rule: '@typescript-eslint/no-restricted-imports',
  },
  {
    name: 'a machine importing a contract type (allowed)',
    path: `machines/${probe}/contract-type.ts`,
    code: "import type { Language } from '@contracts/session';\nexport const probe: Language = 'en-US';\n",
    rule: null,
  },
  {
    name: 'the server importing the SPA',
    path: `server/${probe}/spa.ts`,
    code: "import { formatMoney } from '../../src/lib/format';\nexport const probe = formatMoney;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'the server importing a machine',
    path: `server/${probe}/machine.ts`,
    code: "import { sessionMachine } from '../../machines/session/session.machine';\nexport const probe = sessionMachine;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'the server importing a contract (allowed)',
    path: `server/${probe}/contract.ts`,
    code: "import { languages } from '@contracts/session';\nexport const probe = languages;\n",
    rule: null,
  },
  {
    name: 'a surface of the server importing another surface',
    path: `server/patients/${probe}/console.ts`,
    code: "import { createStaffService } from '../../console/staff/staff.service';\nexport const probe = createStaffService;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'the server\'s core importing a surface',
    path: `server/core/${probe}/surface.ts`,
    code: "import { createPaymentsService } from '../../patients/payments/payments.service';\nexport const probe = createPaymentsService;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a route file importing the database',
    path: `server/partner-api/${probe}/probe.routes.ts`,
    code: "import type { Database } from '../../db/client';\nexport const probe = (db: Database) => db;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a surface importing core and the HTTP layer, and its service the database (allowed)',
    path: `server/console/${probe}/probe.service.ts`,
    code: "import type { Database } from '../../db/client';\nimport { route } from '../../http/endpoint-routes';\nimport { createRefundsService } from '../../core/payments/refunds.service';\nexport const probe = [route, createRefundsService, (db: Database) => db];\n",
    rule: null,
  },
  {
    name: 'a contract importing the server',
    path: `contracts/${probe}-server.ts`,
    code: "import { scopeOf } from '../server/http/scope';\nexport const probe = scopeOf;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a contract importing another contract (allowed)',
    path: `contracts/${probe}-sibling.ts`,
    code: "import { languages } from './session';\nexport const probe = languages;\n",
    rule: null,
  },
  {
    name: 'a feature importing another feature',
    path: `src/features/landing/${probe}-feature.ts`,
    code: "import { LoginScreen } from '../auth/login-screen';\nexport const probe = LoginScreen;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a feature importing the app wiring',
    path: `src/features/landing/${probe}-app.ts`,
    code: "import { createAppRouter } from '@/app/router';\nexport const probe = createAppRouter;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a feature importing shared code and its own files (allowed)',
    path: `src/features/landing/${probe}-shared.ts`,
    code: "import { formatMoney } from '@/lib/format';\nimport { LandingScreen } from './landing-screen';\nexport const probe = [formatMoney, LandingScreen];\n",
    rule: null,
  },
  {
    name: 'shared code importing a feature',
    path: `src/lib/${probe}-feature.ts`,
    code: "import { LoginScreen } from '@/features/auth/login-screen';\nexport const probe = LoginScreen;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'the console importing a feature of the patients',
    path: `src/console/${probe}-feature.ts`,
    code: "import { LoginScreen } from '@/features/auth/login-screen';\nexport const probe = LoginScreen;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'the console importing the app wiring',
    path: `src/console/${probe}-app.ts`,
    code: "import { createAppRouter } from '@/app/router';\nexport const probe = createAppRouter;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'the console importing shared code, machines and its own files (allowed)',
    path: `src/console/${probe}-shared.ts`,
    code: "import { formatMoney } from '@/lib/format';\nimport { staffSessionMachine } from '@machines/console/staff-session.machine';\nimport { helpsPatients } from './office-messages';\nexport const probe = [formatMoney, staffSessionMachine, helpsPatients];\n",
    rule: null,
  },
  {
    name: 'a feature importing the console',
    path: `src/features/landing/${probe}-console.ts`,
    code: "import { helpsPatients } from '@/console/office-messages';\nexport const probe = helpsPatients;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'shared code importing the console',
    path: `src/components/${probe}-console.ts`,
    code: "import { helpsPatients } from '@/console/office-messages';\nexport const probe = helpsPatients;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'two modules importing each other',
    path: `src/lib/${probe}-cycle-a.ts`,
    code: `import { b } from './${probe}-cycle-b';\nexport const a = (): number => b() + 1;\n`,
    rule: 'import-x/no-cycle',
  },
  {
    name: 'the other half of the cycle',
    path: `src/lib/${probe}-cycle-b.ts`,
    code: `import { a } from './${probe}-cycle-a';\nexport const b = (): number => (Math.random() > 2 ? a() : 0);\n`,
    rule: 'import-x/no-cycle',
  },
];

const reported = new Map<string, string[]>();

beforeAll(async () => {
  try {
    for (const plant of plants) {
      mkdirSync(dirname(join(root, plant.path)), { recursive: true });
      writeFileSync(join(root, plant.path), plant.code);
    }
    // Only the rules the plants are about, without type information: the zones read paths, not
    // types, and a type-aware run (a program of the whole project) took 20 s where this takes 2,
    // while the planted files sat in the tree that the project's own lint and type check read.
    const zoneRules = new Set(plants.flatMap((plant) => (plant.rule === null ? [] : [plant.rule])));
    const eslint = new ESLint({
      cwd: root,
      ruleFilter: ({ ruleId }) => zoneRules.has(ruleId),
      overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
    });
    const results = await eslint.lintFiles(plants.map((plant) => plant.path));
    for (const result of results) {
      const path = result.filePath.slice(root.length + 1);
      reported.set(path, result.messages.map((message) => message.ruleId ?? `fatal: ${message.message}`));
    }
  } finally {
    for (const plant of plants) rmSync(join(root, plant.path), { force: true });
    const rooms = ['patients', 'console', 'partner-api', 'core'].map((room) => `server/${room}/${probe}`);
    for (const dir of [`machines/${probe}`, `server/${probe}`, ...rooms]) rmSync(join(root, dir), { recursive: true, force: true });
  }
}, 120000);

afterAll(() => {
  reported.clear();
});

describe('the import zones', () => {
  it.each(plants)('$name', (plant) => {
    const rules = reported.get(plant.path);
    expect(rules, `${plant.path} was not linted`).toBeDefined();
    if (plant.rule === null) expect(rules).toEqual([]);
    else expect(rules).toContain(plant.rule);
  });
});
