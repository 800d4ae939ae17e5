import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { makeTempDir } from './realServerProcess';

const projectRoot = path.resolve(__dirname, '../..');
const unitText = fs.readFileSync(path.join(projectRoot, 'deploy/becca.service'), 'utf8');

/** The unit's `Key=value` settings of one section, every value of a repeated key in order. */
function settingsOf(text: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
    if (!match) continue;
    const [, key = '', value = ''] = match;
    settings.set(key, [...(settings.get(key) ?? []), value]);
  }
  return settings;
}

/**
 * The unit as it would be installed on this machine: `systemd-analyze verify` checks that ExecStart's
 * program exists, and node is /usr/bin/node on Debian but may live elsewhere on another machine.
 */
function renderedUnit(): string {
  const folder = makeTempDir('becca-unit');
  const file = path.join(folder, 'becca.service');
  fs.writeFileSync(file, unitText.replace('ExecStart=/usr/bin/node ', `ExecStart=${process.execPath} `));
  return file;
}

describe('deploy/becca.service', () => {
  const settings = settingsOf(unitText);

  test('runs the compiled server with the production environment, restarts it, keeps its data private', () => {
    expect(settings.get('ExecStart')).toEqual(['/usr/bin/node build/server/main.js']);
    expect(settings.get('Environment')).toContain('MALLOC_ARENA_MAX=1');
    expect(settings.get('Environment')).toContain('DATA_DIR=/var/lib/becca');
    expect(settings.get('StateDirectory')).toEqual(['becca']);
    expect(settings.get('StateDirectoryMode')).toEqual(['0700']);
    expect(settings.get('EnvironmentFile')).toEqual(['/etc/becca/becca.env']);
    expect(settings.get('Restart')).toEqual(['always']);
    expect(settings.get('User')).toEqual(['becca']);
    // The server is gone within 10 s of SIGTERM (docs/operations.md): the stop timeout must leave it that long.
    expect(Number(settings.get('TimeoutStopSec')?.[0])).toBeGreaterThan(10);
  });

  test('systemd-analyze verify finds nothing wrong with it', () => {
    const result = spawnSync('systemd-analyze', ['verify', '--man=no', renderedUnit()], { encoding: 'utf8' });
    expect(result.error).toBeUndefined();
    expect({ status: result.status, output: result.stdout + result.stderr }).toEqual({
      status: 0,
      output: '',
    });
  });

  test('systemd-analyze security rates its exposure at 2.0 or less', () => {
    const report = execFileSync(
      'systemd-analyze',
      ['security', '--offline=true', '--no-pager', renderedUnit()],
      {
        encoding: 'utf8',
      },
    );
    const exposure = /Overall exposure level for becca\.service: (\d+\.\d+)/.exec(report)?.[1];
    expect(exposure).toBeDefined();
    expect(Number(exposure)).toBeLessThanOrEqual(2.0);
  });

  test('systemd-analyze verify does report a broken unit (the check can fail)', () => {
    const folder = makeTempDir('becca-unit-broken');
    const file = path.join(folder, 'becca.service');
    fs.writeFileSync(
      file,
      unitText.replace(/^ExecStart=.*$/m, 'ExecStart=/nonexistent/node build/server/main.js'),
    );
    const result = spawnSync('systemd-analyze', ['verify', '--man=no', file], { encoding: 'utf8' });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('/nonexistent/node');
  });
});
