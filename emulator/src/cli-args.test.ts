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
      rulesLimits: null,
      rulesCoverage: false,
      indexes: null,
      storagePort: 9199,
      storageDataDir: '/repo/.emulator-data/storage',
      storageRules: null,
      storageMaxBytes: 100 * 1024 * 1024,
      help: false,
    });
    expect(parseCliArgs([], { root, firebaseJson: null }).port).toBe(8080);
    expect(parseCliArgs([], { root, firebaseJson: { emulators: { storage: { port: 9200 } } } }).storagePort).toBe(9200);
  });

  it('takes --port, --data, --fresh, --rules, --indexes, also as --flag=value', () => {
    const o = parseCliArgs(['--port', '0', '--data=tmp/x', '--fresh', '--rules', 'firestore.rules', '--indexes=firestore.indexes.json'], { root });
    expect(o).toMatchObject({ port: 0, dataDir: resolve('tmp/x'), fresh: true, rules: resolve('firestore.rules'), indexes: resolve('firestore.indexes.json') });
  });

  it('takes the Cloud Storage options', () => {
    const o = parseCliArgs(['--storage-port', '0', '--storage-data=tmp/s', '--storage-rules', 'storage.rules', '--storage-max-bytes', '1048576'], { root });
    expect(o).toMatchObject({ storagePort: 0, storageDataDir: resolve('tmp/s'), storageRules: resolve('storage.rules'), storageMaxBytes: 1048576 });
  });

  it.each([
    [['--storage-port', '-1']],
    [['--storage-max-bytes', '0']],
    [['--storage-max-bytes', '1.5']],
    [['--port']],
    [['--port', 'abc']],
    [['--port', '70000']],
    [['--nope']],
    [['--data', '--fresh']],
    [['--indexes']],
  ])('refuses %j', (argv) => {
    expect(() => parseCliArgs(argv, { root })).toThrow();
  });

  it('takes tighter rules limits, never looser ones', () => {
    const limits = parseCliArgs(['--rules-limits', 'readsPerOperation=8,readsPerMultiRequest=16,expressionsPerOperation=600'], { root }).rulesLimits;
    expect(limits).toMatchObject({ readsPerOperation: 8, readsPerSingleRequest: 10, readsPerMultiRequest: 16, expressionsPerOperation: 600, callDepth: 20 });
    expect(() => parseCliArgs(['--rules-limits=readsPerOperation=11'], { root })).toThrow(
      /--rules-limits: rules limit readsPerOperation=11 would be looser than Cloud Firestore's 10/,
    );
    expect(() => parseCliArgs(['--rules-limits', 'readsPerOperation'], { root })).toThrow(/K=V pairs/);
  });

  it('takes --rules-coverage with --rules only', () => {
    expect(parseCliArgs(['--rules', 'firestore.rules', '--rules-coverage'], { root }).rulesCoverage).toBe(true);
    expect(() => parseCliArgs(['--rules-coverage'], { root })).toThrow(/--rules-coverage needs --rules FILE/);
  });
});
