import path from 'node:path';
import { ESLint } from 'eslint';

/**
 * The import boundaries of eslint.config.mjs, proved on small sources linted as if they lived at a
 * given path: each forbidden import is reported, and the allowed one next to it is not.
 */
const eslint = new ESLint({ cwd: path.resolve(__dirname, '../..') });

// The first lint loads the config and its plugins: seconds on a busy machine.
beforeAll(() => eslint.lintText('', { filePath: 'src/shared/warmUp.ts' }), 60_000);

async function restrictedImports(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

const forbidden: [rule: string, file: string, source: string, says: RegExp][] = [
  [
    'raw react-redux hooks, in a feature too',
    'src/features/demo/Fixture.tsx',
    "import { useSelector } from 'react-redux';",
    /src\/shared\/hooks\.ts/,
  ],
  [
    'raw react-redux hooks in a page',
    'src/pages/Fixture.tsx',
    "import { useDispatch } from 'react-redux';",
    /hooks/,
  ],
  [
    'a feature importing another feature',
    'src/features/demo/Fixture.tsx',
    "import { inviteSlice } from '../invite/inviteSlice';",
    /another feature/,
  ],
  [
    'a feature importing another feature from a subfolder',
    'src/features/onboarding/steps/Fixture.tsx',
    "import { networkSlice } from '../../network/networkSlice';",
    /another feature/,
  ],
  [
    'a feature importing a page',
    'src/features/demo/Fixture.tsx',
    "import JoinPage from '../../pages/join/JoinPage';",
    /only src\/app imports pages/,
  ],
  [
    'a feature importing app/',
    'src/features/demo/Fixture.tsx',
    "import { appRoutes } from '../../app/routes';",
    /composes/,
  ],
  [
    'a component importing a feature',
    'src/components/Fixture.tsx',
    "import { PhoneDemo } from '../features/demo/PhoneDemo';",
    /Features are composed by pages/,
  ],
  [
    'a component importing app/',
    'src/components/Fixture.tsx',
    "import { AppProviders } from '../app/AppProviders';",
    /composes/,
  ],
  [
    'shared code importing a component',
    'src/shared/Fixture.ts',
    "import { Button } from '../components/Button';",
    /below components/,
  ],
  [
    'a page importing app/',
    'src/pages/Fixture.tsx',
    "import { appRoutes } from '../app/routes';",
    /composes/,
  ],
  [
    'the domain importing shared code',
    'src/domain/fixture.ts',
    "import { api } from '../shared/api';",
    /pure/,
  ],
  [
    'the server importing a feature',
    'server/routes/fixture.ts',
    "import { inviteSlice } from '../../src/features/invite/inviteSlice';",
    /src\/domain and src\/shared only/,
  ],
];

test.each(forbidden)('%s is refused', async (_rule, file, source, says) => {
  const messages = await restrictedImports(file, source);
  expect(messages).toHaveLength(1);
  expect(messages[0]).toMatch(says);
});

const allowed: [rule: string, file: string, source: string][] = [
  [
    'the typed hooks, from a feature',
    'src/features/demo/Fixture.tsx',
    "import { useAppSelector } from '../../shared/hooks';",
  ],
  [
    'a file of the same feature',
    'src/features/onboarding/steps/Fixture.tsx',
    "import { wentNext } from '../onboardingSlice';",
  ],
  [
    'a component, from a feature',
    'src/features/demo/Fixture.tsx',
    "import { Button } from '../../components/Button';",
  ],
  [
    'a feature, from a page',
    'src/pages/join/Fixture.tsx',
    "import { Tutorial } from '../../features/tutorial/Tutorial';",
  ],
  ['a page, from app/', 'src/app/Fixture.tsx', "import JoinPage from '../pages/join/JoinPage';"],
  [
    'shared code, from a component',
    'src/components/Fixture.tsx',
    "import { routePaths } from '../shared/routePaths';",
  ],
  [
    'shared code, from the server',
    'server/routes/fixture.ts',
    "import { routePaths } from '../../src/shared/routePaths';",
  ],
  [
    'the raw hooks where the typed ones are made',
    'src/shared/hooks.ts',
    "import { useDispatch } from 'react-redux';",
  ],
];

test.each(allowed)('%s is allowed', async (_rule, file, source) => {
  expect(await restrictedImports(file, source)).toEqual([]);
});
