import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from './cli-args.ts';

const root = '/repo';

describe('command line', () => {
  it('defaults to the firebase.json port and the git-ignored data folder', () => {
    expect(parseCliArgs([], { root, firebaseJson: { emulators: { firestore: { port: 8080, host: '127.0.0.1' } } } })).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/repo/.emulator-data/firestore',
      fresh: false,
      rules: null,
      indexes: null,
      help: false,
    });
    expect(parseCliArgs([], { root, firebaseJson: null }).port).toBe(8080);
  });

  it('takes --port, --data, --fresh, --rules, --indexes, also as --flag=value', () => {
    const o = parseCliArgs(['--port', '0', '--data=tmp/x', '--fresh', '--rules', 'firestore.rules', '--indexes=firestore.indexes.json'], { root });
    expect(o).toMatchObject({ port: 0, dataDir: resolve('tmp/x'), fresh: true, rules: resolve('firestore.rules'), indexes: resolve('firestore.indexes.json') });
  });

  it.each([[['--port']], [['--port', 'abc']], [['--port', '70000']], [['--nope']], [['--data', '--fresh']], [['--indexes']]])('refuses %j', (argv) => {
    expect(() => parseCliArgs(argv, { root })).toThrow();
  });
});
